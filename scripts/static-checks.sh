#!/usr/bin/env bash
# `npm test`'s static checks side by side (each is single-threaded; the machine has two cores):
# ESLint, Prettier and the TypeScript compiler. Every one runs to its end; the exit code is
# non-zero when any of them failed, and each prints its own findings.
set -u
npm run -s lint & lint=$!
npm run -s format:check & format=$!
npm run -s typecheck & types=$!
status=0
wait "$lint" || { echo "::: npm run lint failed"; status=1; }
wait "$format" || { echo "::: npm run format:check failed"; status=1; }
wait "$types" || { echo "::: npm run typecheck failed"; status=1; }
exit "$status"

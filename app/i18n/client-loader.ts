/** `withNamespaces` for routes' client loaders; it lives in ./react, with the browser's translator. */
export { withNamespaces } from "./react";

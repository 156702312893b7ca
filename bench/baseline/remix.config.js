/**
 * The bench's baseline: a bare Remix app with the same compiler, future flags and server
 * (remix-serve) as Cashwise, and nothing of ours. `npm run bench` builds it into .build/ here.
 */
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  serverPlatform: "node",
  serverBuildPath: ".build/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};

import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // React Router 7's behaviour, chosen: said explicitly, the build does not warn about each one.
  // Each is a change of its own to make and test (https://reactrouter.com/v7/upgrading/future).
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;

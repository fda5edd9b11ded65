// undici ships no declarations for its internal paths; each is the public class or function of the same name.
declare module 'undici/lib/dispatcher/agent' {
  import { Agent } from 'undici';
  export = Agent;
}

declare module 'undici/lib/dispatcher/dispatcher' {
  import { Dispatcher } from 'undici';
  export = Dispatcher;
}

declare module 'undici/lib/interceptor/redirect' {
  import { interceptors } from 'undici';
  const createRedirectInterceptor: typeof interceptors.redirect;
  export = createRedirectInterceptor;
}

declare module 'undici/lib/api' {
  import { Dispatcher } from 'undici';
  const api: Pick<Dispatcher, 'request' | 'stream' | 'pipeline' | 'upgrade' | 'connect'>;
  export = api;
}

declare module 'undici/lib/dispatcher/pool' {
  import { Pool } from 'undici';
  export = Pool;
}

declare module 'undici/lib/dispatcher/proxy-agent' {
  import { ProxyAgent } from 'undici';
  export = ProxyAgent;
}

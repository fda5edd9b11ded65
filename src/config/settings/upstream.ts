import { parseOrigin, redactUrlCredentials } from '../config-parsers';
import { custom, int } from '../setting';
import { parseNoProxy, parseUpstreamProxy } from '../upstream-proxy-settings';

/** An upstream host's origin, overridable so tests, demos and mirrors can point elsewhere. */
function origin<H extends string>(host: H, hostName: string, description: string) {
  const example = `https://${hostName}`;
  const setting = custom({
    key: `origins.${host}` as const,
    default: example,
    accepts: '`http(s)://host[:port]`, no path, query or credentials',
    description,
    parse: (value) => parseOrigin(value, example),
    // An origin may not hold a user and password, but one that does must not print them in the refusal.
    quote: (value) => JSON.stringify(redactUrlCredentials(value)),
  });
  return { ...setting, host, hostName };
}

export const UPSTREAM = {
  UPSTREAM_U_ORIGIN: origin('u', 'u.y.qq.com', 'musicu.fcg JSON-RPC: most catalogue and user calls.'),
  UPSTREAM_C_ORIGIN: origin('c', 'c.y.qq.com', 'The older CGI endpoints.'),
  UPSTREAM_C6_ORIGIN: origin('c6', 'c6.y.qq.com', 'User homepage.'),
  UPSTREAM_Y_ORIGIN: origin('y', 'y.qq.com', 'y.qq.com pages.'),
  UPSTREAM_PTLOGIN_ORIGIN: origin('ptlogin', 'ssl.ptlogin2.qq.com', 'QQ QR login (image and status).'),
  UPSTREAM_PTLOGIN_GRAPH_ORIGIN: origin('ptloginGraph', 'ssl.ptlogin2.graph.qq.com', 'QQ login check_sig.'),
  UPSTREAM_GRAPH_ORIGIN: origin('graph', 'graph.qq.com', 'QQ OAuth authorize.'),
  UPSTREAM_WX_OPEN_ORIGIN: origin('wxOpen', 'open.weixin.qq.com', 'WeChat QR page and image.'),
  UPSTREAM_WX_LP_ORIGIN: origin('wxLp', 'lp.open.weixin.qq.com', 'WeChat QR long poll.'),
  UPSTREAM_MU_ORIGIN: origin('mu', 'mu.y.qq.com', 'QQ Music app QR login: the MQTT 5 over WebSocket push of its states (`wss://` for `https://`, `ws://` for `http://`; path `/ws/handshake`).'),
  UPSTREAM_QIMEI_ORIGIN: origin('qimei', 'api.tencentmusic.com', "Tencent's QIMEI service: the device identity the Android comm carries."),
  UPSTREAM_PROXY: custom({
    key: 'upstreamProxy',
    default: '',
    accepts: '`http(s)://[user:password@]host[:port]`; empty = none',
    description:
      'Outbound proxy for every upstream call (CONNECT tunnels), e.g. one egressing in mainland China when the gateway runs ' +
      'outside it (play URLs are otherwise 30-second trials; docs/operations.md "Outbound proxy"). Shown as scheme://host:port only.',
    parse: parseUpstreamProxy,
    // Not a URL at all could be a pasted password: show nothing rather than guess.
    quote: (value) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? JSON.stringify(redactUrlCredentials(value)) : undefined),
  }),
  UPSTREAM_NO_PROXY: custom({
    key: 'upstreamNoProxy',
    default: '',
    accepts: 'a comma-separated list of host names or suffixes (`.qq.com`), IP addresses, each optionally `:port`; `*` = every host',
    description: 'Upstream hosts called directly although UPSTREAM_PROXY is set (a name also matches its subdomains).',
    parse: parseNoProxy,
  }),
  UPSTREAM_TIMEOUT_MS: int({
    key: 'upstreamTimeoutMs',
    default: 15000,
    min: 100,
    max: 600_000,
    unit: 'milliseconds',
    description: 'Timeout of one upstream call (past it: 504 UPSTREAM_TIMEOUT).',
  }),
  UPSTREAM_IDENTITY_TIMEOUT_MS: int({
    key: 'upstreamIdentityTimeoutMs',
    default: 5000,
    min: 100,
    max: 600_000,
    unit: 'milliseconds',
    description:
      'Bound of each device identity call (QIMEI, device session; UPSTREAM_TIMEOUT_MS when lower). The first Android-comm call waits for them, ' +
      'so a hung identity service delays it by this much, not by the full upstream timeout (docs/upstream/identity.md).',
  }),
  UPSTREAM_SHAPE_SAMPLE_RATE: custom({
    key: 'upstreamShapeSampleRate',
    default: '0.01',
    accepts: 'a decimal from 0 to 1 (0 = never, 1 = every answer)',
    description:
      'Share of answers of the canary areas checked against what the gateway reads of them; a missing field counts in ' +
      'gateway_upstream_shape_mismatch_total (docs/upstream/README.md "What the gateway reads").',
    parse: (value) => {
      const rate = /^(\d+(\.\d*)?|\.\d+)$/.test(value) ? Number(value) : NaN;
      if (!(rate >= 0 && rate <= 1)) throw new Error('must be a decimal from 0 to 1');
      return rate;
    },
  }),
};

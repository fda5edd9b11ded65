import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Child, runProcess } from './child-process';

/**
 * A real nginx running deploy/nginx as shipped: the template rendered for loopback ports and paths in a temp prefix,
 * the upstream list pointed at the test's gateways, in the foreground (`daemon off`) as this process's child. The
 * process-level settings (pid, temp paths, user) are the only thing the test writes itself.
 */
export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const DEPLOY = join(__dirname, '..', '..', 'deploy', 'nginx');

/** Fails the suite at once, saying what to install, when nginx or openssl is missing (it is never skipped). */
export function requireNginx(): void {
  const missing: string[] = [];
  try {
    accessSync(NGINX_BIN, constants.X_OK);
  } catch {
    missing.push(`nginx at ${NGINX_BIN} (NGINX_BIN)`);
  }
  if (spawnSync('openssl', ['version']).status !== 0) missing.push('openssl (it makes the test certificate)');
  if (!missing.length) return;
  const error = new Error(`This suite needs ${missing.join(' and ')}, missing here. Install: apt-get install nginx openssl (.ci/run does)`);
  error.stack = error.message; // one line: where it was thrown says nothing more
  throw error;
}

/**
 * A loopback port free now, for a process that must come back on the same one (a restarted gateway). Chosen below the
 * kernel's ephemeral range (32768 and up): a port the kernel hands out (port 0, every outgoing connection) could be
 * taken again between this check and the listen.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const server = createServer();
    const free = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return port;
    }
  }
}

/** envsubst as the nginx image runs it: only the named placeholders; any ${NGINX_*} left over is a mistake. */
export function renderTemplate(text: string, values: Record<string, string>): string {
  const out = text.replace(/\$\{(NGINX_\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  const left = /\$\{NGINX_\w+\}/.exec(out);
  if (left) throw new Error(`deploy/nginx template placeholder ${left[0]} has no value in the test`);
  return out;
}

/** The shipped upstream list with each instance's address replaced, in order, by a test gateway's (parameters kept). */
export function renderUpstreams(text: string, ports: number[]): string {
  let i = 0;
  const out = text.replace(/^(\s*server\s+)\S+/gm, (_m, head: string) => `${head}127.0.0.1:${ports[i++]}`);
  if (i !== ports.length) throw new Error(`deploy/nginx/gateway-upstreams.conf lists ${i} instances, the test starts ${ports.length}`);
  return out;
}

/** A self-signed certificate for 127.0.0.1 and localhost (P-256: quick handshakes), made by openssl. */
export function makeCertificate(dir: string): { cert: string; key: string; pem: Buffer } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', key, '-out', cert,
  ], { stdio: 'pipe' });
  return { cert, key, pem: readFileSync(cert) };
}

export interface NginxOptions {
  gatewayPorts: number[];
  tls: { cert: string; key: string };
  /** Rewrites the rendered gateway.conf (a time-scaled copy); the default is the shipped file as rendered. */
  adjust?: (conf: string) => string;
  /** An extra server block, in the http context, appended by the test (a header echo). */
  extraServer?: (ports: { echo: number }) => string;
}

export interface Nginx {
  child: Child;
  prefix: string;
  httpPort: number;
  httpsPort: number;
  echoPort: number;
  /** The shipped JSON access log's lines so far, parsed. */
  accessLog: () => Record<string, unknown>[];
  /** `nginx -s reload` with this prefix and conf; resolves once the old worker has exited (new ones serve). */
  reload: () => Promise<void>;
  stop: () => Promise<void>;
}

/** Renders deploy/nginx into a temp prefix and starts nginx there; resolves once its worker runs. */
export async function startNginx(options: NginxOptions): Promise<Nginx> {
  const prefix = mkdtempSync(join(tmpdir(), 'qqgw-nginx-'));
  // Workers run as nobody when the tests run as root (CI): they must reach the temp paths below.
  chmodSync(prefix, 0o755);
  for (const sub of ['conf', 'logs', 'tmp']) mkdirSync(join(prefix, sub));
  const [httpPort, httpsPort, echoPort] = [await freePort(), await freePort(), await freePort()];
  const accessLogPath = join(prefix, 'logs', 'access.log');
  const conf = renderTemplate(readFileSync(join(DEPLOY, 'templates', 'gateway.conf.template'), 'utf8'), {
    NGINX_HTTP_PORT: `127.0.0.1:${httpPort}`,
    NGINX_HTTPS_PORT: `127.0.0.1:${httpsPort}`,
    NGINX_SERVER_NAME: 'localhost',
    NGINX_ACCESS_LOG: accessLogPath,
    NGINX_TLS_CERTIFICATE: options.tls.cert,
    NGINX_TLS_CERTIFICATE_KEY: options.tls.key,
  });
  writeFileSync(join(prefix, 'conf', 'gateway.conf'), options.adjust ? options.adjust(conf) : conf);
  writeFileSync(join(prefix, 'conf', 'gateway-upstreams.conf'), renderUpstreams(readFileSync(join(DEPLOY, 'gateway-upstreams.conf'), 'utf8'), options.gatewayPorts));
  writeFileSync(join(prefix, 'conf', 'gateway-proxy-headers.conf'), readFileSync(join(DEPLOY, 'gateway-proxy-headers.conf')));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(prefix, 'tmp', t)};`).join('\n');
  writeFileSync(
    join(prefix, 'conf', 'nginx.conf'),
    [
      // As root nginx would switch its workers to the compiled-in user, which may not exist: name one that does.
      process.getuid?.() === 0 ? `user nobody ${execFileSync('id', ['-gn', 'nobody'], { encoding: 'utf8' }).trim()};` : '',
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(prefix, 'nginx.pid')};`,
      'error_log stderr notice;',
      'events { worker_connections 1024; }',
      'http {',
      temp,
      '  include gateway.conf;',
      options.extraServer?.({ echo: echoPort }) ?? '',
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', prefix, '-c', join(prefix, 'conf', 'nginx.conf'), '-e', 'stderr'];
  const child = runProcess(NGINX_BIN, args, prefix);
  await child.waitFor(/start worker process (\d+)/);
  const reload = async () => {
    const before = child.output().length;
    const old = [...child.output().matchAll(/start worker process (\d+)/g)].at(-1)![1];
    execFileSync(NGINX_BIN, [...args, '-s', 'reload'], { stdio: 'pipe' });
    // The master logs each worker's exit; the old one leaves once its requests are answered.
    await child.waitFor(new RegExp(`worker process ${old} exited`));
    if (!/start worker process/.test(child.output().slice(before))) throw new Error(`nginx reload started no worker:\n${child.output()}`);
  };
  // Read on from where the last call stopped: the tests poll it while a load writes hundreds of lines.
  const lines: Record<string, unknown>[] = [];
  let consumed = 0;
  const accessLog = () => {
    let text = '';
    try {
      text = readFileSync(accessLogPath).subarray(consumed).toString('utf8');
    } catch {
      return lines;
    }
    const complete = text.slice(0, text.lastIndexOf('\n') + 1);
    consumed += Buffer.byteLength(complete);
    for (const line of complete.split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
    return lines;
  };
  const stop = async () => {
    if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
    // A graceful stop (SIGQUIT), then SIGKILL if it is still there after 5 s.
    child.proc.kill('SIGQUIT');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([child.exited, new Promise((r) => (timer = setTimeout(r, 5000)))]);
    clearTimeout(timer);
    await child.kill();
  };
  return { child, prefix, httpPort, httpsPort, echoPort, accessLog, reload, stop };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  raw: Buffer;
  ms: number;
}

/**
 * One request on a connection of its own (no client keep-alive: a reload or a restart closes idle client connections,
 * and what is tested is the proxy, not a client's retry of a reused connection), over HTTPS trusting `ca` (plain HTTP
 * when null), sent from `from` (any 127.0.0.0/8 address: to nginx, a client of its own). A transport failure resolves
 * as status 0.
 */
export function httpsCall(
  port: number,
  ca: Buffer | null,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  const failed = (err: Error): Answer => ({ status: 0, headers: {}, body: String(err), raw: Buffer.alloc(0), ms: performance.now() - started });
  return new Promise((resolve) => {
    const req = (ca ? httpsRequest : httpRequest)(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        ...(ca ? { ca, servername: 'localhost' } : {}),
        agent: false,
        localAddress: options.from,
        headers: { ...(options.body !== undefined ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(options.body)) } : {}), ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: raw.toString('utf8'), raw, ms: performance.now() - started });
        });
        res.on('error', (err) => resolve(failed(err)));
      },
    );
    req.on('error', (err) => resolve(failed(err)));
    req.end(options.body);
  });
}

/** A loopback address of its own for each simulated client (the rate limit counts each apart). */
export function clientAddress(): string {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return `127.${octet()}.${octet()}.${octet()}`;
}

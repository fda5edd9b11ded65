/**
 * The `curl` examples of README.md and docs/*.md, read as a reader pastes them: every line starting `curl` in a
 * ```bash / ```sh / ```shell block (a trailing `\` joins the next line). A line `# not run by the tests: <why>` just
 * before an example marks one that cannot run against the offline demo; it is counted, not run.
 */

export interface DocExample {
  file: string;
  line: number;
  /** The command as written (continuations joined). */
  command: string;
  /** Which fenced block of the file: placeholders are filled from earlier answers of the same block. */
  block: number;
  /** The status a trailing comment shows (`# → 401 …`), else any 2xx. */
  status?: number;
  /** The top-level keys a trailing comment shows (`# → { img, qrsig }`). */
  keys?: string[];
}

export interface NotRun {
  file: string;
  line: number;
  command: string;
  reason: string;
}

const NOT_RUN = /^#\s*not run by the tests:\s*(.+)$/;

export function extractExamples(markdown: string, file: string): { examples: DocExample[]; notRun: NotRun[] } {
  const examples: DocExample[] = [];
  const notRun: NotRun[] = [];
  const lines = markdown.split('\n');
  let inBlock = false;
  let block = 0;
  let pendingReason: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    if (!inBlock) {
      if (/^```(bash|sh|shell)\s*$/.test(raw.trim())) {
        inBlock = true;
        block++;
        pendingReason = undefined;
      }
      continue;
    }
    if (/^```\s*$/.test(raw.trim())) {
      inBlock = false;
      continue;
    }
    const start = i;
    let text = raw;
    while (/\\\s*$/.test(text) && i + 1 < lines.length) text = text.replace(/\\\s*$/, ' ') + lines[++i].trim();
    const trimmed = text.trim();
    const marker = NOT_RUN.exec(trimmed);
    if (marker) {
      pendingReason = marker[1];
      continue;
    }
    if (!/^curl\s/.test(trimmed)) continue;
    if (pendingReason) {
      notRun.push({ file, line: start + 1, command: trimmed, reason: pendingReason });
      pendingReason = undefined;
      continue;
    }
    const { comment } = shellWords(trimmed);
    const shown = /→\s*(\d{3})\b/.exec(comment ?? '');
    const keys = /→\s*\{([^}]*)\}/.exec(comment ?? '');
    examples.push({
      file,
      line: start + 1,
      command: trimmed,
      block,
      ...(shown ? { status: Number(shown[1]) } : {}),
      ...(keys ? { keys: keys[1].split(',').map((k) => k.trim()).filter(Boolean) } : {}),
    });
  }
  return { examples, notRun };
}

/**
 * POSIX shell words: '…' literal, "…" with `\"` and $VAR, bare words with $VAR (from `env`; kept as written without
 * one); `#` at a word's start begins a comment.
 */
export function shellWords(line: string, env?: Record<string, string>): { words: string[]; comment?: string } {
  const words: string[] = [];
  let i = 0;
  const expand = (name: string) => {
    if (!env) return `$${name}`;
    if (!(name in env)) throw new Error(`the example uses $${name}, which the test does not define`);
    return env[name];
  };
  while (i < line.length) {
    while (i < line.length && /\s/.test(line[i])) i++;
    if (i >= line.length) break;
    if (line[i] === '#') return { words, comment: line.slice(i + 1).trim() };
    let word = '';
    while (i < line.length && !/\s/.test(line[i])) {
      const c = line[i];
      if (c === "'") {
        const end = line.indexOf("'", i + 1);
        if (end < 0) throw new Error(`unclosed ' in: ${line}`);
        word += line.slice(i + 1, end);
        i = end + 1;
      } else if (c === '"') {
        i++;
        while (i < line.length && line[i] !== '"') {
          if (line[i] === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1])) {
            word += line[i + 1];
            i += 2;
          } else if (line[i] === '$' && /[A-Za-z_]/.test(line[i + 1] ?? '')) {
            const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(line.slice(i + 1))![0];
            word += expand(name);
            i += 1 + name.length;
          } else word += line[i++];
        }
        if (line[i] !== '"') throw new Error(`unclosed " in: ${line}`);
        i++;
      } else if (c === '$' && /[A-Za-z_]/.test(line[i + 1] ?? '')) {
        const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(line.slice(i + 1))![0];
        word += expand(name);
        i += 1 + name.length;
      } else if (c === '\\' && i + 1 < line.length) {
        word += line[i + 1];
        i += 2;
      } else word += line[i++];
    }
    words.push(word);
  }
  return { words };
}

export interface CurlRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** The request a curl command sends (the options the docs use; any other is an error, so none is silently ignored). */
export function parseCurl(words: string[]): CurlRequest {
  if (words[0] !== 'curl') throw new Error(`not a curl command: ${words.join(' ')}`);
  let method: string | undefined;
  let url: string | undefined;
  const headers: Record<string, string> = {};
  const data: string[] = [];
  let form = false;
  for (let i = 1; i < words.length; i++) {
    const w = words[i];
    if (['-s', '-S', '-sS', '--silent', '-i', '--include', '-L'].includes(w)) continue;
    if (w === '-X' || w === '--request') method = words[++i];
    else if (w === '-H' || w === '--header') {
      const header = words[++i];
      const colon = header.indexOf(':');
      headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
    } else if (['-d', '--data', '--data-raw', '--data-binary'].includes(w)) data.push(words[++i]);
    else if (w === '--data-urlencode') {
      const value = words[++i];
      const eq = value.indexOf('=');
      data.push(eq < 0 ? encodeURIComponent(value) : `${value.slice(0, eq)}=${encodeURIComponent(value.slice(eq + 1))}`);
      form = true;
    } else if (w.startsWith('-')) throw new Error(`curl option ${w} is not understood by the doc-example runner`);
    else if (url === undefined) url = w;
    else throw new Error(`a second URL in: ${words.join(' ')}`);
  }
  if (!url) throw new Error(`no URL in: ${words.join(' ')}`);
  if (!/^https?:\/\//.test(url)) url = `http://${url}`;
  if (data.length && form && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
  }
  return { method: method ?? (data.length ? 'POST' : 'GET'), url, headers, ...(data.length ? { body: data.join('&') } : {}) };
}

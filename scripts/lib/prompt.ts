import { createInterface, type Interface } from 'node:readline';
import { Writable } from 'node:stream';
import { LoginFailure } from './login-drivers';

/**
 * Questions answered on standard input, one line each (the phone login's number and code). Lines are queued as they
 * come, so answers piped in ahead of their question are not lost. On a terminal, readline edits the line, and a
 * secret answer is not shown as it is typed; elsewhere (a pipe) nothing is echoed at all. No line is kept in a history.
 */
export class Prompt {
  private readonly lines: (string | undefined)[] = [];
  private waiting?: () => void;
  private readonly rl: Interface;
  private readonly tty: boolean;
  private muted = false;

  constructor(
    input: NodeJS.ReadableStream & { isTTY?: boolean },
    private readonly out: NodeJS.WritableStream,
  ) {
    this.tty = input.isTTY === true;
    // readline writes its echo here; a secret answer's echo is dropped.
    const echo = new Writable({
      write: (chunk, _encoding, done) => {
        if (!this.muted) out.write(chunk);
        done();
      },
    });
    this.rl = createInterface({ input, output: echo, terminal: this.tty, historySize: 0 });
    this.rl.on('line', (line) => this.push(line));
    this.rl.on('close', () => this.push(undefined));
    // In raw mode Ctrl+C reaches readline, not the process: passed on, so the login stops as on the signal.
    this.rl.on('SIGINT', () => process.kill(process.pid, 'SIGINT'));
  }

  /** The next answer, trimmed; a LoginFailure once the input has ended. */
  async ask(question: string, options: { secret?: boolean } = {}): Promise<string> {
    if (this.tty) {
      this.rl.setPrompt(question);
      this.rl.prompt();
    } else {
      this.out.write(question);
    }
    this.muted = this.tty && options.secret === true;
    const line = await this.next();
    // readline ends an echoed line itself; a hidden one, or one from a pipe (never echoed), is ended here.
    if (this.muted || !this.tty) this.out.write('\n');
    this.muted = false;
    if (line === undefined) throw new LoginFailure('No answer (the input ended): nothing was stored');
    return line.trim();
  }

  close(): void {
    this.rl.close();
  }

  private push(line: string | undefined): void {
    // Past the end of the input nothing more comes: its end is answered to every later question.
    if (this.lines.at(-1) === undefined && this.lines.length) return;
    this.lines.push(line);
    this.waiting?.();
  }

  private async next(): Promise<string | undefined> {
    while (!this.lines.length) await new Promise<void>((resolve) => (this.waiting = resolve));
    this.waiting = undefined;
    // The end of the input stays queued, for any question after it.
    return this.lines.length === 1 && this.lines[0] === undefined ? undefined : this.lines.shift();
  }
}

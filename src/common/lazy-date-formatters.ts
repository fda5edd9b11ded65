/**
 * Nest's Logger and ConsoleLogger each build an `Intl.DateTimeFormat` when their module loads. Building one pages in
 * ≈ 6 MB of ICU locale data (the process at rest: 95 → 88.5 MB), for timestamps the gateway never prints: it logs
 * through pino. Loaded here with formatters that build the real one when first asked to format.
 */
const RealDateTimeFormat = Intl.DateTimeFormat;

/** Stands in for an Intl.DateTimeFormat: the same arguments, the real formatter built on first use. */
class DateTimeFormatOnFirstUse {
  private real: Intl.DateTimeFormat | undefined;
  private readonly args: ConstructorParameters<typeof Intl.DateTimeFormat>;

  constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    this.args = args;
  }

  private formatter(): Intl.DateTimeFormat {
    return (this.real ??= new RealDateTimeFormat(...this.args));
  }

  format(date?: Date | number): string {
    return this.formatter().format(date);
  }

  formatToParts(date?: Date | number): Intl.DateTimeFormatPart[] {
    return this.formatter().formatToParts(date);
  }

  resolvedOptions(): Intl.ResolvedDateTimeFormatOptions {
    return this.formatter().resolvedOptions();
  }
}

/**
 * Loads @nestjs/common (and with it both loggers) while `Intl.DateTimeFormat` builds formatters on first use, then
 * puts the real constructor back for everything else. Runs before the app's modules load; a no-op once Nest is loaded.
 */
export function loadNestWithLazyDateFormatters(): void {
  Intl.DateTimeFormat = DateTimeFormatOnFirstUse as unknown as typeof Intl.DateTimeFormat;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('@nestjs/common');
  } finally {
    Intl.DateTimeFormat = RealDateTimeFormat;
  }
}

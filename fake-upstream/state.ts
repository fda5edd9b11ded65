/**
 * Scenario state of the fake upstream. Each handler module keeps its own slice under a name
 * (`state.of('login', () => new LoginMachine())`), so features never edit each other's state.
 */
export class FakeState {
  private readonly slices = new Map<string, unknown>();

  of<T>(name: string, init: () => T): T {
    if (!this.slices.has(name)) this.slices.set(name, init());
    return this.slices.get(name) as T;
  }
}

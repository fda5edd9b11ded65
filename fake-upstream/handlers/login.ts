import type { FakeRoutes } from '../fake-upstream';

export const loginRoutes: FakeRoutes = {};

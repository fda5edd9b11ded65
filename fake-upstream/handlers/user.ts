import type { FakeRoutes } from '../fake-upstream';

export const userRoutes: FakeRoutes = {};

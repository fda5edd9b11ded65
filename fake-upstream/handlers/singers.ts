import type { FakeRoutes } from '../fake-upstream';

export const singersRoutes: FakeRoutes = {};

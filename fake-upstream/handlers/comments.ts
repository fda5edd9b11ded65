import type { FakeRoutes } from '../fake-upstream';

export const commentsRoutes: FakeRoutes = {};

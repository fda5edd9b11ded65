import type { ShapeSpec } from '../shape/shape';

/**
 * What /getMvPlay (src/mv/mv.mapper.ts) reads of `MvClient.playUrls`: the vid's URL entry, whose mp4 and hls items
 * each may carry the URLs (`freeflow_url`, `url`), and the video info, which may be missing.
 */
export const MV_PLAY_READS = {
  urls: 'object',
  'urls.*': 'object',
  'urls.*.mp4?': 'array',
  'urls.*.mp4[].freeflow_url?': 'array',
  'urls.*.mp4[].url?': 'array',
  'urls.*.hls?': 'array',
  'urls.*.hls[].freeflow_url?': 'array',
  'urls.*.hls[].url?': 'array',
  'info.*.name|title?': 'string',
  'info.*.cover_pic|picurl?': 'string',
  'info.*.duration?': 'number',
  'info.*.singers?': 'array',
  'info.*.singers[].mid?': 'string',
  'info.*.singers[].name?': 'string',
} as const satisfies ShapeSpec;

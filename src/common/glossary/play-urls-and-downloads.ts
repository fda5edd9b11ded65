import type { GroupEntries } from './entry';

/** The glossary's "Play URLs and downloads" names (src/common/glossary.ts merges the groups). */
export const PLAY_URLS_AND_DOWNLOADS: GroupEntries<'Play URLs and downloads'> = {
  available: { group: 'Play URLs and downloads', meaning: 'The `quality` names the song has a file in, e.g. `["128", "320", "flac"]`; [] when unknown.', type: 'string[]', upstream: 'the song detail\'s `file.size_*`' },
  filename: { group: 'Play URLs and downloads', meaning: 'Upstream\'s file name of the level served (what to save a download as).', type: 'string', upstream: 'built from the quality and the media MID' },
  quality: { group: 'Play URLs and downloads', meaning: 'The label of the level served, e.g. `320kbps`, `flac`.', type: 'string', upstream: 'gateway', fixedBy: 'play URL `{ url, size, quality }`' },
  trial: { group: 'Play URLs and downloads', meaning: 'Present (true) when the full file had no URL and the URL is the song\'s trial clip.', type: 'true', upstream: 'the song detail\'s `vs` trial file' },
  trialSeconds: { group: 'Play URLs and downloads', meaning: 'The trial clip\'s length in seconds (only with `trial`).', type: 'integer', upstream: 'the song detail\'s trial length' },
  url: { group: 'Play URLs and downloads', meaning: 'A stream or download URL with its key (valid about a day); \'\' for a song without one.', type: 'string', upstream: 'vkey `sip` + `purl`', fixedBy: 'play URL `{ url, size, quality }`' },
};

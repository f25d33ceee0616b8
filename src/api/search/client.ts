import type { $Fetch } from 'ofetch';
import { uploadForm } from '../media/uploads';
import { searchPaths as paths } from './paths';
import type { ImageSearchBody, ImageSearchResults, SearchKind, SearchKindPage, SearchOverview, SearchSuggestions } from './schemas';

/** The search part of the typed client: every kind's first page, one kind's next pages, search by image. */
export function createSearchApi(http: $Fetch) {
  return {
    search: {
      all: (query: string) => http<SearchOverview>(paths.search.all(query)),
      suggest: (query: string) => http<SearchSuggestions>(paths.search.suggest(query)),
      kind: <K extends SearchKind>(kind: K, query: string, cursor?: string) =>
        http<SearchKindPage<K>>(paths.search.kind(kind, query, { cursor })),
      image: (body: ImageSearchBody) => http<ImageSearchResults>(paths.search.image, { method: 'POST', body: uploadForm(body, ['image']) }),
    },
  };
}

export type SearchApi = ReturnType<typeof createSearchApi>;

/**
 * @module The Members section's search and page in the address (`?q=&page=&size=`, the page
 * counted from 1 as people say it), so a reload, a shared link and the browser's Back return to
 * the list as it was left. Anything unreadable falls back to the first page of 25.
 */
export const MEMBER_PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_SIZE = 25;

export interface MembersView {
  search: string;
  /** From 0, as the table counts. */
  page: number;
  size: number;
}

export function membersViewOf(params: URLSearchParams): MembersView {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    search: params.get('q') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    size: (MEMBER_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_SIZE,
  };
}

/** Only what differs from the defaults is written, so the plain section keeps its plain address. */
export function membersSearchOf(view: MembersView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search) params.set('q', view.search);
  if (view.page > 0) params.set('page', String(view.page + 1));
  if (view.size !== DEFAULT_SIZE) params.set('size', String(view.size));
  return params;
}

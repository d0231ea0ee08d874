/**
 * @module A server-paged list's page in the address (`?page=2&size=25`, 1-based page, left out
 * when first or default), as the filters already are: "Back" from a row's page, the browser's
 * Back and a reload all return to the same page of the same list.
 */
import type { GridPaginationModel } from '@mui/x-data-grid';

export const PAGE_SIZES = [10, 25, 50, 100];

export function paginationOf(params: URLSearchParams): GridPaginationModel {
  const size = Number(params.get('size'));
  const page = Number(params.get('page'));
  return {
    pageSize: PAGE_SIZES.includes(size) ? size : PAGE_SIZES[0]!,
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

/** Adds the page to a list's address query (`params` is changed and returned). */
export function withPagination(params: URLSearchParams, pagination: GridPaginationModel): URLSearchParams {
  if (pagination.page > 0) params.set('page', String(pagination.page + 1));
  if (pagination.pageSize !== PAGE_SIZES[0]) params.set('size', String(pagination.pageSize));
  return params;
}

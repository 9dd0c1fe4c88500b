import type { SegmentSort } from '@fairway/shared';

/** What a segments list asks the server for: page, search and sorting. */
export interface SegmentsListParams {
  page: number;
  pageSize: number;
  search: string;
  sort: SegmentSort;
  order: 'asc' | 'desc';
}

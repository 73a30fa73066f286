/** The paging part of every list's query string (page from 1, pageSize with a default and a cap), as yup fields. */
import * as yup from 'yup';
import { MAX_PAGE } from './limits';

export function pagingFields(options: { defaultPageSize: number; maxPageSize: number }) {
  return {
    page: yup
      .number()
      .typeError('validation.invalid')
      .integer('validation.invalid')
      .min(1, 'validation.invalid')
      .max(MAX_PAGE, 'validation.invalid')
      .default(1),
    pageSize: yup
      .number()
      .typeError('validation.invalid')
      .integer('validation.invalid')
      .min(1, 'validation.invalid')
      .max(options.maxPageSize, 'validation.invalid')
      .default(options.defaultPageSize),
  };
}

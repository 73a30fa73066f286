/**
 * A data provider whose every method fails: component tests spread it first and override only the
 * methods the screen under test should call, so an unexpected call fails loudly.
 */
import type { DataProvider } from 'react-admin';

const notUsed = (method: string) => () => Promise.reject(new Error(`dataProvider.${method} no debía llamarse`));

export const unusedDataProvider: DataProvider = {
  getList: notUsed('getList'),
  getOne: notUsed('getOne'),
  getMany: notUsed('getMany'),
  getManyReference: notUsed('getManyReference'),
  create: notUsed('create'),
  update: notUsed('update'),
  updateMany: notUsed('updateMany'),
  delete: notUsed('delete'),
  deleteMany: notUsed('deleteMany'),
};

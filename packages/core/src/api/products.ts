import { calls } from '../contract/calls.ts';
import type { CallOptions, Send } from './send.ts';

type Id = number;

export function productsApi(send: Send) {
  return {
    list: (machineId: Id, options?: CallOptions) => send(calls.listProducts, { params: { id: machineId } }, options),
    listPayment: (machineId: Id, options?: CallOptions) =>
      send(calls.listPaymentProducts, { params: { id: machineId } }, options),
    get: (machineId: Id, productId: Id, options?: CallOptions) =>
      send(calls.getProduct, { params: { id: machineId, productId } }, options),
    listServices: (machineId: Id, options?: CallOptions) =>
      send(calls.listServices, { params: { id: machineId } }, options),
  };
}

import { z } from 'zod';

/** Phantom: a method's result type only, checked by the compiler on both sides of the contract. */
export const type = <T>(): T => undefined as unknown as T;

/** A method without arguments: nothing, or an empty object. */
export const none = z.undefined().or(z.object({}).strict()).optional();

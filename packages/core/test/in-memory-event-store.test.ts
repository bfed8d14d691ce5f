import { describeEventStoreContract } from '@grocery/core/testing';
import { inMemorySubject } from './support/in-memory-subject.ts';

describeEventStoreContract('in-memory store', async () => inMemorySubject());

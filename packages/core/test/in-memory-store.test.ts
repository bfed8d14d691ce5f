import { describeStoreContract } from '@grocery/core/testing';
import { inMemorySubject } from './support/in-memory-subject.ts';

describeStoreContract('in-memory store', async () => inMemorySubject());

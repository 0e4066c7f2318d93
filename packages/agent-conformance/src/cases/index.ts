export { type Assert, assert, type Check, describeValue, type Violation } from '../assert';
export { ConformanceAssertionError } from '../conformance-assertion-error';
export {
  type CaseContext,
  type CaseDefinition,
  type CasePeer,
  type ConformanceCase,
  defineCase,
} from '../define-case';
export { CASES } from './all-cases';

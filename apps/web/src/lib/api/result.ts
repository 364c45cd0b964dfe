// The result types of every API call: the contract's client, shared with the CLI.
export {
  connectionProblem,
  type ApiResult,
  type ClientOnlyCode,
  type ClientProblem,
  type Parser,
} from '@codedrop/contract';

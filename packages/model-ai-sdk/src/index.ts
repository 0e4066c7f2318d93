export { ModelAiSdkError, type ModelAiSdkErrorOptions } from './model-ai-sdk-error';

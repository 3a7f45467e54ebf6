/**
 * The LangChain retriever lives in the client package (packages/client), so an agent in another process
 * and the server itself use the same class: agents give it a URL, the server its in-process recall.
 */
export {
  type RecallFunction,
  type StrataDocumentMetadata,
  StrataRetriever,
  type StrataRetrieverInput,
} from '../../packages/client/src/langchain.js';

/** The library's search: documents from saved results, the engine, and highlighting (see each file). */
export * from './documents';
export * from './engine';
export * from './highlight';

export interface QueryFilter {
  field: string;
  /** A Firestore operator: '==', 'in', 'array-contains', '<', '>=', '!=', … */
  op: string;
}

export interface QueryOrder {
  field: string;
  direction: 'asc' | 'desc';
}

/** A query as Firestore plans it; field '__name__' is the document id. */
export interface QueryShape {
  collectionGroup: string;
  scope: 'COLLECTION' | 'COLLECTION_GROUP';
  filters: QueryFilter[];
  orderBy: QueryOrder[];
}

export interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}

export interface CompositeIndex {
  collectionGroup: string;
  queryScope: 'COLLECTION' | 'COLLECTION_GROUP';
  fields: IndexField[];
}

/** The shape of firestore.indexes.json. */
export interface IndexesFile {
  indexes: CompositeIndex[];
}

export declare function servingIndex(query: QueryShape, indexes: IndexesFile): 'single-field' | CompositeIndex | null;

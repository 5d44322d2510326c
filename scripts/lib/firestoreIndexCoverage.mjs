/**
 * Whether firestore.indexes.json serves a query, by Firestore's rules for composite indexes
 * (https://firebase.google.com/docs/firestore/query-data/index-overview): a query whose filters
 * and orders touch one field, or that has only equality and array-contains filters, is served by
 * the automatic single-field indexes; anything else needs a composite index of the same
 * collection group and scope holding the equality and array-contains fields first (in any order)
 * and then the query's orders, field by field, with the same directions.
 */

const EQUALITY = new Set(['==', 'in']);
const ARRAY = new Set(['array-contains', 'array-contains-any']);
const DOCUMENT_ID = '__name__';

/**
 * The orders an index must hold for a query: the explicit ones, led by an inequality's field
 * when it is not ordered (the SDKs add that order), without a trailing document-id order in the
 * direction of the order before it, which every index holds implicitly.
 */
function effectiveOrders(query) {
  const orders = [...query.orderBy];
  const inequality = query.filters.find((f) => !EQUALITY.has(f.op) && !ARRAY.has(f.op));
  if (inequality && !orders.some((o) => o.field === inequality.field)) orders.unshift({ field: inequality.field, direction: 'asc' });
  const last = orders.at(-1);
  const before = orders.at(-2);
  if (last?.field === DOCUMENT_ID && last.direction === (before?.direction ?? 'asc')) orders.pop();
  return orders;
}

function needsComposite(query) {
  const orders = effectiveOrders(query);
  const equalities = query.filters.filter((f) => EQUALITY.has(f.op) || ARRAY.has(f.op));
  if (orders.length === 0) return false;
  const fields = new Set([...query.filters.map((f) => f.field), ...orders.map((o) => o.field)]);
  return !(fields.size === 1 && equalities.length === 0);
}

function indexServes(index, query) {
  if (index.collectionGroup !== query.collectionGroup || index.queryScope !== query.scope) return false;
  const fields = index.fields.filter((f, i) => !(f.fieldPath === DOCUMENT_ID && i === index.fields.length - 1));
  const prefix = query.filters.filter((f) => EQUALITY.has(f.op) || ARRAY.has(f.op));
  const orders = effectiveOrders(query);
  if (fields.length !== prefix.length + orders.length) return false;
  const head = fields.slice(0, prefix.length);
  const prefixServed = prefix.every((filter) =>
    head.some((f) => f.fieldPath === filter.field && (ARRAY.has(filter.op) ? f.arrayConfig === 'CONTAINS' : f.order !== undefined)),
  );
  const ordersServed = orders.every((order, i) => {
    const field = fields[prefix.length + i];
    return field?.fieldPath === order.field && field.order === (order.direction === 'desc' ? 'DESCENDING' : 'ASCENDING');
  });
  return prefixServed && ordersServed;
}

/** How a query is served: 'single-field', the composite index that serves it, or null (it would fail in production). */
export function servingIndex(query, indexes) {
  if (!needsComposite(query)) return 'single-field';
  return indexes.indexes.find((index) => indexServes(index, query)) ?? null;
}

/** The PieceStore contract against PGlite. */
import { describePieceStoreContract } from '../../contracts/pieceStoreContract.js';
import { pglitePieces } from '../../../src/adapters/local/pglitePieces.js';
import { openTestDatabase } from '../../helpers/testDatabase.js';

describePieceStoreContract('PGlite', async () => {
  const db = await openTestDatabase();
  return { store: pglitePieces(db), close: () => db.close() };
});

/**
 * The errors every store throws on purpose, so the route layer can answer them (409, 503) instead of 500.
 * Everything else a database driver throws passes through unchanged.
 */

/**
 * `insertUser` or `replaceUser` with an e-mail another user already has (compared trimmed and
 * case-insensitive). Thrown before the database refuses, so on PostgreSQL the transaction stays usable (for
 * example to append a 'denied' audit row); only a lost race with a concurrent insert surfaces from the unique
 * index, and then the PostgreSQL transaction is aborted.
 */
export class DuplicateEmailError extends Error {
  override readonly name = 'DuplicateEmailError';
  constructor(readonly email: string) {
    super('A user with this e-mail address already exists.');
  }
}

/** `insert` or `insertUser` with an id that exists. The transaction stays usable, as for duplicate e-mails. */
export class DuplicateIdError extends Error {
  override readonly name = 'DuplicateIdError';
  constructor(
    readonly table: string,
    readonly id: string,
  ) {
    super(`An item with id ${id} already exists in ${table}.`);
  }
}

/**
 * `replace` of an item naming another owner than the stored one (REQ-access-fields: an item's owner is set when it is created
 * and never changes). A bug in the caller, never an answer to a request: the transaction rolls back.
 */
export class OwnerChangeError extends Error {
  override readonly name = 'OwnerChangeError';
  constructor(
    readonly table: string,
    readonly id: string,
  ) {
    super(`The owner of ${table} item ${id} cannot change.`);
  }
}

/** A transaction was started after `close()`. */
export class StoreClosedError extends Error {
  override readonly name = 'StoreClosedError';
  constructor() {
    super('The store is closed.');
  }
}

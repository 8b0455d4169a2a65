import Foundation

extension TemplateDatabase {
    /// How many rows of `table` match `condition`, counted by scanning the table itself; throws
    /// `StoreError.corrupt` when a lookup through the table's index counts otherwise.
    ///
    /// A damaged index (one flipped bit in the users index) hid a user from lookups by name and
    /// let an insert create a second row its UNIQUE constraint would have refused; lookups that
    /// find nothing and inserts that rely on the constraint ask the table as well.
    func rowsMatching(in table: String, _ condition: String, _ values: [SQLiteValue], index: String) throws -> Int {
        // `NOT INDEXED` does not keep SQLite 3.40 off a covering index of a WITHOUT ROWID table;
        // asking for `sealed`, which no index holds, makes it read the table itself.
        let scanned = try connection.integer(
            "SELECT coalesce(sum((\(condition)) AND length(sealed) >= 0), 0) FROM \(table)", values)
        let indexed = try connection.integer("SELECT count(*) FROM \(table) WHERE \(condition)", values)
        guard scanned == indexed else {
            throw StoreError.corrupt(path: path, detail: "the \(index) disagrees with the \(table) table; `pbtool db check` names the damage")
        }
        return scanned
    }

    /// Whether a user row holds this name index (see ``rowsMatching(in:_:_:index:)``).
    func userExists(nameIndex: [UInt8]) throws -> Bool {
        try rowsMatching(in: "users", "name_index = ?", [.blob(nameIndex)], index: "index of user names") > 0
    }
}

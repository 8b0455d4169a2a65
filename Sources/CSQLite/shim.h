#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a function-pointer cast macro.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }
// sqlite3_db_config is variadic.
static inline int csqlite_db_config_int(sqlite3 *db, int op, int value, int *out) {
    return sqlite3_db_config(db, op, value, out);
}
#endif

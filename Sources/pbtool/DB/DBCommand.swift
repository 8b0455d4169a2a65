import ArgumentParser

/// `pbtool db`: the encrypted template store.
struct DBCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db",
        abstract: "Manage the encrypted template store (users, fingers, templates, keys).",
        discussion: """
            One SQLite file, by default $XDG_DATA_HOME/pbtool/templates.db (~/.local/share/pbtool/templates.db),
            with every template sealed per row under AES-256-GCM. Unlock it with a key file, a key command,
            a passphrase on standard input, or (when allowed) a key in $PBTOOL_DB_KEY; on a terminal pbtool
            asks for the passphrase. See docs/db.md.

            Examples:
              pbtool db init --key-file ~/.config/pbtool/store.key
              pbtool db add --key-file ~/.config/pbtool/store.key --user alice --finger right-index t.iso
              pbtool db users --key-file ~/.config/pbtool/store.key --json
            """,
        subcommands: [
            DBInit.self, DBUsers.self, DBFingers.self, DBAdd.self, DBExport.self, DBDelete.self,
            DBSlots.self, DBAddSlot.self, DBPasswd.self, DBRotateKey.self, DBBackup.self, DBCheck.self,
        ]
    )
}

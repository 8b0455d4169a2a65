import ArgumentParser
import Biometry
import Foundation

/// Where a flow keeps or finds references.
enum ReferencePlaceChoice: String, EnumerableFlag {
    /// The encrypted template store (the default).
    case store
    /// The card in the reader: enrolled there, compared there.
    case onCard
    /// Both: enrolled on the card and in the store; verified on the card.
    case both

    static func help(for value: ReferencePlaceChoice) -> ArgumentHelp? {
        switch value {
        case .store: "Use the host's encrypted template store (default)."
        case .onCard: "Use the card in the reader: match on card."
        case .both: "Enroll on the card and in the store; verify on the card."
        }
    }
}

/// The user, the place (store, card or both), and what opening each needs.
struct ReferenceOptions: ParsableArguments {
    @Option(help: "The user whose fingers these are (default: $USER, else the login name). A card ignores it.")
    var user: String?

    @Flag(exclusivity: .exclusive)
    var place: ReferencePlaceChoice = .store

    @Option(help: "The card reader: its full name or a unique part of it (default: the first with a card).")
    var reader: String?

    @OptionGroup var adminKey: AdminKeyOption

    @Option(name: .customLong("admin-pin"), help: "The admin PIN of an ISO match-on-card application (enroll, delete).")
    var adminPIN: String?

    @OptionGroup var store: StoreOptions

    /// `--user`, else `$USER`, else the login name of the process's user (`getpwuid`; cron and
    /// systemd units often run without `$USER`), else `user`.
    var userName: String {
        if let user { return user }
        if let name = ProcessInfo.processInfo.environment["USER"], !name.isEmpty { return name }
        return Self.loginName() ?? "user"
    }

    private static func loginName() -> String? {
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }

    var usesCard: Bool { place != .store }
    var usesStore: Bool { place != .onCard }
}

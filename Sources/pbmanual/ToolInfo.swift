/// The part of swift-argument-parser's `--experimental-dump-help` JSON (serialization version 0)
/// the manual is made from: the same configuration `--help` prints.
struct ToolInfo: Decodable {
    let serializationVersion: Int
    let command: CommandInfo
}

/// One command: its names, texts, arguments and subcommands.
struct CommandInfo: Decodable {
    let superCommands: [String]?
    let shouldDisplay: Bool?
    let commandName: String
    let abstract: String?
    let discussion: String?
    let subcommands: [CommandInfo]?
    let arguments: [ArgumentInfo]?

    /// "pbtool card status" as typed.
    var invocation: String { ((superCommands ?? []) + [commandName]).joined(separator: " ") }

    /// "pbtool-card-status", the page's name.
    var pageName: String { ((superCommands ?? []) + [commandName]).joined(separator: "-") }

    /// Subcommands `--help` lists (never ArgumentParser's own `help`).
    var shownSubcommands: [CommandInfo] {
        (subcommands ?? []).filter { $0.shouldDisplay ?? true && $0.commandName != "help" }
    }

    /// Arguments `--help` lists.
    var shownArguments: [ArgumentInfo] { (arguments ?? []).filter(\.shouldDisplay) }
}

/// One option, flag or positional argument.
struct ArgumentInfo: Decodable {
    struct Name: Decodable {
        let kind: String
        let name: String

        /// "--finger", "-h", or "-long" for a single-dash long name.
        var spelled: String { kind == "long" ? "--" + name : "-" + name }
    }

    let kind: String
    let shouldDisplay: Bool
    let sectionTitle: String?
    let isOptional: Bool
    let isRepeating: Bool
    let names: [Name]?
    let valueName: String?
    let defaultValue: String?
    let allValues: [String]?
    let abstract: String?
    let discussion: String?

    var isPositional: Bool { kind == "positional" }
    var isFlag: Bool { kind == "flag" }

    /// Short names first, as `--help` prints them.
    var spelledNames: [String] {
        let all = names ?? []
        return (all.filter { $0.kind == "short" } + all.filter { $0.kind != "short" }).map(\.spelled)
    }
}

import ArgumentParser

/// Parses a command line that names a leaf command (`apdu run …`) at that leaf alone.
///
/// `parseAsRoot` on the root builds the argument sets of every command in the tree, a few
/// milliseconds that a login script or a CI replay pays on every run. The leaf's own parse gives
/// the same command value; whatever it cannot do as well as the full parse (help, version,
/// completion scripts, errors worded with the full usage) is left to the full parse.
enum LeafFirstParse {
    /// The leaf command `arguments` name, parsed; nil when the full parse must decide.
    static func command(_ arguments: [String], root: any ParsableCommand.Type) -> sending (any ParsableCommand)? {
        guard let (leaf, depth) = leaf(named: arguments, under: root) else { return nil }
        let rest = Array(arguments.dropFirst(depth))
        guard !rest.contains(where: asksTheRoot) else { return nil }
        return try? leaf.parseAsRoot(rest)
    }

    /// The leaf command the leading words of `arguments` name, and how many words that took.
    static func leaf(named arguments: [String], under root: any ParsableCommand.Type)
        -> (type: any ParsableCommand.Type, depth: Int)? {
        var current = root
        var depth = 0
        while !current.configuration.subcommands.isEmpty {
            guard depth < arguments.count,
                  let next = current.configuration.subcommands.first(where: { names($0).contains(arguments[depth]) })
            else { return nil }
            current = next
            depth += 1
        }
        return depth == 0 ? nil : (current, depth)
    }

    /// The words that select `command`; none when ArgumentParser would derive its name.
    private static func names(_ command: any ParsableCommand.Type) -> [String] {
        guard let name = command.configuration.commandName else { return [] }
        return [name] + command.configuration.aliases
    }

    /// Flags that ArgumentParser answers for the whole tree rather than for one command.
    private static func asksTheRoot(_ argument: String) -> Bool {
        ["-h", "-help", "--help", "--version"].contains(argument)
            || argument.hasPrefix("--generate-") || argument.hasPrefix("--experimental-")
    }
}

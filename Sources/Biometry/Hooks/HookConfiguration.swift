import Files
import Foundation

/// What the `[hooks]` table of `~/.config/pbtool/config.toml` asks for: a shell command per
/// ``SoundEvent``, the terminal bell for the others, or nothing (the default).
///
/// ```toml
/// [hooks]
/// enabled = true
/// bell = true
/// verification-accepted = "paplay /usr/share/sounds/freedesktop/stereo/complete.oga"
/// swipe-failed = "notify-send 'swipe again'"
/// ```
public struct HookConfiguration: Sendable, Hashable {
    /// Whether hooks run at all; false unless the file says `enabled = true`.
    public var enabled: Bool
    /// Whether events without a command ring the terminal bell.
    public var bell: Bool
    /// The command for each event that has one, run with `/bin/sh -c`.
    public var commands: [SoundEvent: String]

    /// Hooks off.
    public static let off = HookConfiguration(enabled: false, bell: false, commands: [:])

    /// A configuration with these parts.
    public init(enabled: Bool, bell: Bool, commands: [SoundEvent: String]) {
        self.enabled = enabled
        self.bell = bell
        self.commands = commands
    }

    /// The `[hooks]` table of `file`; an unknown key or a value of the wrong kind is an error.
    public init(_ file: ConfigurationFile) throws {
        self = .off
        for (key, value) in file.tables["hooks"] ?? [:] {
            switch (key, value) {
            case ("enabled", .boolean(let flag)): enabled = flag
            case ("bell", .boolean(let flag)): bell = flag
            case (_, .string(let command)) where SoundEvent(rawValue: key) != nil:
                commands[SoundEvent(rawValue: key)!] = command
            case ("enabled", _), ("bell", _):
                throw HookConfigurationError.wrongKind(key: key, expected: "true or false")
            default:
                guard SoundEvent(rawValue: key) != nil else { throw HookConfigurationError.unknownKey(key) }
                throw HookConfigurationError.wrongKind(key: key, expected: "a quoted command")
            }
        }
    }

    /// Reads `path`. A missing file means hooks off when the path is the default one; a file
    /// the user named (`required`) must exist.
    /// - Throws: ``HookConfigurationError`` naming the file for a missing, unreadable or invalid file.
    public static func load(from path: String, required: Bool = false) throws -> HookConfiguration {
        if !required, (try? FileStatus.following(path)) == nil { return .off }
        let text: String
        do {
            text = try InputFile.text(path, role: "configuration file", limit: 1 << 20)
        } catch where error.problem == .empty {
            return .off
        } catch {
            throw HookConfigurationError.unreadable(path: path, detail: error.problem.description)
        }
        do {
            return try HookConfiguration(ConfigurationFile(parsing: text))
        } catch let error as ConfigurationError {
            throw HookConfigurationError.unreadable(path: path, detail: error.description)
        } catch let error as HookConfigurationError {
            throw HookConfigurationError.unreadable(path: path, detail: error.description)
        }
    }

    /// `$XDG_CONFIG_HOME/pbtool/config.toml`, or `~/.config/pbtool/config.toml`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/pbtool/config.toml" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.config/pbtool/config.toml"
    }
}

/// A configuration file pbtool cannot use.
public enum HookConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownKey(String)
    case wrongKind(key: String, expected: String)
    case unreadable(path: String, detail: String)

    public var description: String {
        switch self {
        case .unknownKey(let key):
            "unknown key \(key) in [hooks]; use enabled, bell, or one of "
                + SoundEvent.allCases.map(\.rawValue).joined(separator: ", ")
        case .wrongKind(let key, let expected): "\(key) in [hooks] must be \(expected)"
        case .unreadable(let path, let detail): "configuration \(path): \(detail)"
        }
    }
}

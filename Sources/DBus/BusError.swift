/// A D-Bus error reply: a dotted error name and one line for the person.
public struct BusError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error name, e.g. `org.freedesktop.DBus.Error.InvalidArgs`.
    public let name: String
    /// What went wrong.
    public let message: String

    public init(_ name: String, _ message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { "\(name): \(message)" }

    /// The standard errors of the D-Bus specification (section "Message Bus Messages").
    public static func unknownMethod(_ message: String) -> BusError { BusError("org.freedesktop.DBus.Error.UnknownMethod", message) }
    public static func unknownProperty(_ message: String) -> BusError { BusError("org.freedesktop.DBus.Error.UnknownProperty", message) }
    public static func invalidArguments(_ message: String) -> BusError { BusError("org.freedesktop.DBus.Error.InvalidArgs", message) }
    public static func readOnlyProperty(_ message: String) -> BusError { BusError("org.freedesktop.DBus.Error.PropertyReadOnly", message) }
}

/// A failure of the bus library itself (connecting, owning a name, sending).
public struct BusFailure: Error, Sendable, CustomStringConvertible {
    /// What was being done.
    public let operation: String
    /// The negative errno sd-bus returned.
    public let code: Int32

    public var description: String { "D-Bus: \(operation) failed: \(String(cString: strerror(-code)))" }
}

#if canImport(Glibc)
import Glibc
#endif

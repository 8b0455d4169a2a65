/// One D-Bus value of the few types this module sends and receives.
public enum BusValue: Sendable, Hashable {
    case string(String)
    case boolean(Bool)
    case int32(Int32)
    case objectPath(String)
    case stringArray([String])
    case objectPathArray([String])

    /// The value's D-Bus type signature.
    public var signature: String {
        switch self {
        case .string: "s"
        case .boolean: "b"
        case .int32: "i"
        case .objectPath: "o"
        case .stringArray: "as"
        case .objectPathArray: "ao"
        }
    }

    /// The string inside a `.string` or `.objectPath`; nil for the others.
    public var text: String? {
        switch self {
        case .string(let text), .objectPath(let text): text
        default: nil
        }
    }
}

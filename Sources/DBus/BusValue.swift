/// One D-Bus value of the few types this module sends and receives.
public enum BusValue: Sendable, Hashable {
    case string(String)
    case boolean(Bool)
    case int32(Int32)
    case objectPath(String)
    case stringArray([String])
    case objectPathArray([String])
    case uint32(UInt32)
    /// A structure (`(…)`) of the values in order.
    case structure([BusValue])
    /// A dictionary of strings (`a{ss}`).
    case stringDictionary([String: String])
    /// A dictionary of variants (`a{sv}`), each value sent in a variant of its own type.
    case variantDictionary([String: BusValue])

    /// The value's D-Bus type signature.
    public var signature: String {
        switch self {
        case .string: "s"
        case .boolean: "b"
        case .int32: "i"
        case .objectPath: "o"
        case .stringArray: "as"
        case .objectPathArray: "ao"
        case .uint32: "u"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .stringDictionary: "a{ss}"
        case .variantDictionary: "a{sv}"
        }
    }

    /// The string inside a `.string` or `.objectPath`; nil for the others.
    public var text: String? {
        switch self {
        case .string(let text), .objectPath(let text): text
        default: nil
        }
    }

    /// The flag inside a `.boolean`; nil for the others.
    public var flag: Bool? {
        if case .boolean(let flag) = self { flag } else { nil }
    }
}

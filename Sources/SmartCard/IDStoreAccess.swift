/// Who may read or write an IDStore container: one nibble each in GET INFO's access byte, the
/// high nibble for writing and the low one for reading (docs/card-edges.md).
public struct IDStoreCondition: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8

    /// Only the low 4 bits of `rawValue` are kept.
    public init(rawValue: UInt8) { self.rawValue = rawValue & 0x0F }

    /// Any verified BioManager finger container (`1`).
    public static let finger = IDStoreCondition(rawValue: 0x1)
    /// The BioManager admin key verified (`2`).
    public static let admin = IDStoreCondition(rawValue: 0x2)
    /// A verified finger or the admin key (`3`).
    public static let fingerOrAdmin = IDStoreCondition(rawValue: 0x3)
    /// No condition (`F`).
    public static let anyone = IDStoreCondition(rawValue: 0xF)

    private static let names: [UInt8: String] = [0x1: "finger", 0x2: "admin", 0x3: "finger-or-admin", 0xF: "anyone"]

    /// Who meets the condition, in words: `any enrolled finger` for ``finger`` — the card checks
    /// that some finger was verified, not which one (docs/idstore.md) — `the admin key`,
    /// `any enrolled finger or the admin key`, `anyone`, `no one` for an unknown nibble.
    public var holders: String {
        switch self {
        case .finger: "any enrolled finger"
        case .admin: "the admin key"
        case .fingerOrAdmin: "any enrolled finger or the admin key"
        case .anyone: "anyone"
        default: "no one"
        }
    }

    /// `finger`, `admin`, `finger-or-admin`, `anyone`, or `unknown (X)`.
    public var name: String { Self.names[rawValue] ?? "unknown (\(String(rawValue, radix: 16, uppercase: true)))" }

    /// Parses the names above (`biometry` is accepted for `finger`, as the Precise toolkit says).
    public init?(name: String) {
        let wanted = name.lowercased()
        guard let match = Self.names.first(where: {
            $0.value == wanted || $0.value.split(separator: "-").map { $0 == "finger" ? "biometry" : $0 }
                .joined(separator: "-") == wanted
        }) else { return nil }
        self.init(rawValue: match.key)
    }

    /// The names `init(name:)` takes.
    public static var allNames: [String] { ["finger", "admin", "finger-or-admin", "anyone"] }

    public var description: String { name }
}

/// A container's access byte: write condition (high nibble) and read condition (low nibble).
public struct IDStoreAccess: Hashable, Sendable, CustomStringConvertible {
    /// Who may write (and erase).
    public var write: IDStoreCondition
    /// Who may read.
    public var read: IDStoreCondition

    /// An access rule from its parts.
    public init(write: IDStoreCondition, read: IDStoreCondition) {
        self.write = write
        self.read = read
    }

    /// The rule from GET INFO's byte.
    public init(byte: UInt8) {
        self.init(write: IDStoreCondition(rawValue: byte >> 4), read: IDStoreCondition(rawValue: byte))
    }

    /// The byte GET INFO (and pbtool's SET ACCESS) carries.
    public var byte: UInt8 { write.rawValue << 4 | read.rawValue }

    /// The rule of pbtool's directory container: anyone reads, the admin writes.
    public static let directory = IDStoreAccess(write: .admin, read: .anyone)

    public var description: String { "read: \(read), write: \(write)" }
}

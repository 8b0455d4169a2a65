/// The Henry classes SFinGe draws master fingerprints from.
public enum FingerprintClass: String, Sendable, Hashable, CaseIterable, Codable {
    case arch
    case tentedArch = "tented-arch"
    case leftLoop = "left-loop"
    case rightLoop = "right-loop"
    case whorl

    /// How common each class is among real fingers (Wilson, Candela & Watson, NIST 1994, as used by
    /// SFinGe): arch 3.7 %, tented arch 2.9 %, left loop 33.8 %, right loop 31.7 %, whorl 27.9 %.
    public var naturalFrequency: Double {
        switch self {
        case .arch: 0.037
        case .tentedArch: 0.029
        case .leftLoop: 0.338
        case .rightLoop: 0.317
        case .whorl: 0.279
        }
    }

    /// A class drawn with the natural frequencies.
    public static func random(using generator: inout Xoshiro256) -> FingerprintClass {
        var draw = generator.unit()
        for fingerClass in allCases {
            draw -= fingerClass.naturalFrequency
            if draw < 0 { return fingerClass }
        }
        return .whorl
    }
}

/// A core or a delta of the orientation field, in master-image pixels.
public struct SingularPoint: Sendable, Hashable, Codable {
    /// Core (a ridge loops around it) or delta (three ridge flows meet).
    public enum Kind: String, Sendable, Hashable, Codable {
        case core
        case delta
    }

    public var kind: Kind
    /// Position in pixels, y down.
    public var x: Double
    public var y: Double

    /// A singular point at (x, y).
    public init(kind: Kind, x: Double, y: Double) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}

/// The CLA byte of a command APDU read as ISO/IEC 7816-4 §5.4.1 codes it: logical channel, command
/// chaining and secure-messaging indication.
public struct ClassByte: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// Which coding the byte follows.
    public enum Kind: String, Sendable, Codable {
        /// `000x xxxx`: channels 0–3, chaining b5, SM b4-b3.
        case firstInterindustry
        /// `01xx xxxx`: channels 4–19, chaining b5, ISO SM b6.
        case furtherInterindustry
        /// `001x xxxx`: reserved for future use.
        case reserved
        /// `1xxx xxxx` except `FF`: free coding; most (GlobalPlatform `80`/`84`, Precise `B0`) reuse
        /// the first-interindustry bits, and this type reads them that way.
        case proprietary
        /// `FF`: never a card class (PC/SC part 3 reader pseudo-APDUs, PPS on the wire).
        case invalid
    }

    /// Secure-messaging indication (7816-4 §5.4.1, table 2 and 3).
    public enum SecureMessaging: String, Sendable, Codable {
        case none
        /// b4-b3 = `01`.
        case proprietary
        /// ISO SM, command header not authenticated (b4-b3 = `10`, or b6 in further classes).
        case iso
        /// ISO SM with the command header included in the MAC (b4-b3 = `11`).
        case isoAuthenticatedHeader
    }

    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// An interindustry class for `channel` (0–19), first interindustry for 0–3, further for 4–19.
    ///
    /// - Throws: `APDUError.channelOutOfRange`, or `.classCannotExpress` when channels 4–19 are
    ///   asked for with proprietary or header-authenticated SM, which further classes cannot express.
    public init(channel: Int, secureMessaging: SecureMessaging = .none, chained: Bool = false) throws {
        let chainBit: UInt8 = chained ? 0x10 : 0
        switch channel {
        case 0...3:
            self.init(rawValue: UInt8(channel) | chainBit | Self.firstSMBits(secureMessaging))
        case 4...19:
            guard secureMessaging == .none || secureMessaging == .iso else {
                throw APDUError.classCannotExpress("channel \(channel) with \(secureMessaging.rawValue) SM")
            }
            let smBit: UInt8 = secureMessaging == .iso ? 0x20 : 0
            self.init(rawValue: 0x40 | smBit | chainBit | UInt8(channel - 4))
        default:
            throw APDUError.channelOutOfRange(channel)
        }
    }

    /// Which coding the byte follows (b8-b6).
    public var kind: Kind {
        switch rawValue {
        case 0x00...0x1F: return .firstInterindustry
        case 0x20...0x3F: return .reserved
        case 0x40...0x7F: return .furtherInterindustry
        case 0xFF: return .invalid
        default: return .proprietary
        }
    }

    /// The logical channel, 0–19; `nil` for reserved and invalid classes. For proprietary classes
    /// this is b2-b1, the convention most of them follow.
    public var channel: Int? {
        switch kind {
        case .firstInterindustry, .proprietary: return Int(rawValue & 0x03)
        case .furtherInterindustry: return Int(rawValue & 0x0F) + 4
        case .reserved, .invalid: return nil
        }
    }

    /// Whether b5 says more commands of a chain follow (7816-4 §5.3.3).
    public var isChained: Bool {
        kind != .reserved && kind != .invalid && rawValue & 0x10 != 0
    }

    /// The SM indication (b4-b3, or b6 in further interindustry classes).
    public var secureMessaging: SecureMessaging {
        switch kind {
        case .firstInterindustry, .proprietary:
            switch rawValue & 0x0C {
            case 0x04: return .proprietary
            case 0x08: return .iso
            case 0x0C: return .isoAuthenticatedHeader
            default: return .none
            }
        case .furtherInterindustry: return rawValue & 0x20 != 0 ? .iso : .none
        case .reserved, .invalid: return .none
        }
    }

    /// The same class with the chaining bit b5 set or cleared.
    /// - Throws: `APDUError.classCannotExpress` for reserved and invalid classes.
    public func chained(_ isChained: Bool) throws -> ClassByte {
        guard kind != .reserved, kind != .invalid else {
            throw APDUError.classCannotExpress("chaining in class \([rawValue].hexString()) (\(kind.rawValue))")
        }
        return ClassByte(rawValue: isChained ? rawValue | 0x10 : rawValue & ~0x10)
    }

    /// The same class moved to another logical channel, keeping chaining and SM.
    /// - Throws: `APDUError.channelOutOfRange`, or `.classCannotExpress` when the class cannot carry
    ///   that channel (proprietary classes only carry 0–3).
    public func onChannel(_ channel: Int) throws -> ClassByte {
        guard (0...19).contains(channel) else { throw APDUError.channelOutOfRange(channel) }
        switch kind {
        case .firstInterindustry, .furtherInterindustry:
            return try ClassByte(channel: channel, secureMessaging: secureMessaging, chained: isChained)
        case .proprietary where channel <= 3:
            return ClassByte(rawValue: rawValue & ~0x03 | UInt8(channel))
        default:
            throw APDUError.classCannotExpress("channel \(channel) in class \([rawValue].hexString()) (\(kind.rawValue))")
        }
    }

    public var description: String {
        var parts = [[rawValue].hexString(), kind.rawValue]
        if let channel { parts.append("channel \(channel)") }
        if isChained { parts.append("chained") }
        if secureMessaging != .none { parts.append("SM \(secureMessaging.rawValue)") }
        return parts.joined(separator: ", ")
    }

    private static func firstSMBits(_ secureMessaging: SecureMessaging) -> UInt8 {
        switch secureMessaging {
        case .none: return 0x00
        case .proprietary: return 0x04
        case .iso: return 0x08
        case .isoAuthenticatedHeader: return 0x0C
        }
    }
}

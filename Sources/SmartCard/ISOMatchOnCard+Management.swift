import APDU
import BiometricFormats

/// PINs, enrolment, unblocking and deletion on `pb-iso` cards (docs/card-edges.md): user PIN
/// `81`, PUK `82`, admin PIN `83`, finger slots `91`–`9A`.
extension ISOMatchOnCard {
    /// The user PIN's reference (the fallback when fingers are blocked).
    public static let userPIN: UInt8 = 0x81
    /// The PUK's reference.
    public static let puk: UInt8 = 0x82
    /// The admin (enrolment officer) PIN's reference.
    public static let adminPIN: UInt8 = 0x83

    /// VERIFY with a PIN (`00 20 00 P2 08 <PIN padded with FF>`).
    /// - Throws: `CardEdgeError.invalidInput` for a PIN that is not 4–8 digits (nothing sent).
    public func verifyPIN(_ pin: String, reference: UInt8 = userPIN) throws -> VerificationOutcome {
        let block = try Self.pinBlock(pin)
        let answer = try transport.send(try CommandAPDU(ins: 0x20, p1: 0x00, p2: reference, data: block))
        return try Self.outcome(answer.statusWord, reference: reference, operation: "VERIFY")
    }

    /// CHANGE REFERENCE DATA `00 24 01 P2 7F2E{81 …}`: enrols `minutiae` as `finger`'s reference
    /// (admin PIN verified first). The card regenerates its BIT group.
    public func enroll(_ finger: Finger, minutiae: CompactCardTemplate,
                       requirements: CardMinutiaeRequirements = .pbISOReference) throws {
        let reference = try minutiae.reference(for: requirements)
        let data = BERTLV(0x7F2E) { BERTLV(0x81, reference.bytes) }.encoded
        let answer = try transport.send(try CommandAPDU(ins: 0x24, p1: 0x01, p2: finger.isoReference, data: data))
        selectedTemplates = nil
        try expectSuccess(answer, "CHANGE REFERENCE DATA \(finger.name)", subject: finger.name)
    }

    /// CHANGE REFERENCE DATA `00 24 00 81 10 <old><new>`: changes the user PIN.
    public func changePIN(from old: String, to new: String) throws -> VerificationOutcome {
        let data = try Self.pinBlock(old) + Self.pinBlock(new)
        let answer = try transport.send(try CommandAPDU(ins: 0x24, p1: 0x00, p2: Self.userPIN, data: data))
        return try Self.outcome(answer.statusWord, reference: Self.userPIN, operation: "CHANGE REFERENCE DATA")
    }

    /// RESET RETRY COUNTER `00 2C 03 P2`: restores a counter after the PUK or admin PIN was verified.
    public func resetRetryCounter(of reference: UInt8) throws {
        let answer = try transport.send(try CommandAPDU(ins: 0x2C, p1: 0x03, p2: reference))
        try expectSuccess(answer, "RESET RETRY COUNTER \(Self.name(of: reference))", subject: Self.name(of: reference))
    }

    /// RESET RETRY COUNTER `00 2C 01 P2 08 <PUK>`: restores a counter with the PUK in one step.
    public func resetRetryCounter(of reference: UInt8, puk: String) throws -> VerificationOutcome {
        let answer = try transport.send(try CommandAPDU(ins: 0x2C, p1: 0x01, p2: reference, data: try Self.pinBlock(puk)))
        if answer.statusWord == .success { return .match }
        return try Self.outcome(answer.statusWord, reference: Self.puk, operation: "RESET RETRY COUNTER with PUK")
    }

    /// PUT DATA `00 DB 3F FF 7F60{83 P2} 7F2E{}`: deletes `finger`'s reference (admin PIN verified).
    public func delete(_ finger: Finger) throws {
        let data = BERTLV(0x7F60) { BERTLV(0x83, [finger.isoReference]) }.encoded + BERTLV(0x7F2E, []).encoded
        let answer = try transport.send(try CommandAPDU(ins: 0xDB, p1: 0x3F, p2: 0xFF, data: data))
        selectedTemplates = nil
        try expectSuccess(answer, "PUT DATA (delete) \(finger.name)", subject: finger.name)
    }

    /// GET DATA `DF32`: every reference's tries left and maximum.
    public func retryCounters() throws -> [RetryCounter] {
        let answer = try transport.send(try CommandAPDU(ins: 0xCA, p1: 0xDF, p2: 0x32, ne: 256))
        guard answer.statusWord == .success else { throw CardEdgeError.from(answer.statusWord, operation: "GET DATA DF32") }
        let value: [UInt8]
        do {
            value = try BERTLV(bytes: answer.data).value
        } catch {
            throw CardEdgeError.malformedResponse(operation: "GET DATA DF32", reason: "not one TLV object: \(error)")
        }
        guard value.count.isMultiple(of: 3) else {
            throw CardEdgeError.malformedResponse(operation: "GET DATA DF32", reason: "\(value.count) bytes, not triplets")
        }
        return stride(from: 0, to: value.count, by: 3).map {
            RetryCounter(reference: value[$0], remaining: Int(value[$0 + 1]), maximum: Int(value[$0 + 2]))
        }
    }

    /// `31 32 33 34 FF FF FF FF` for "1234": 4 to 8 ASCII digits padded with `FF` to 8 bytes.
    static func pinBlock(_ pin: String) throws(CardEdgeError) -> [UInt8] {
        let digits = Array(pin.utf8)
        guard (4...8).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw .invalidInput("a PIN is 4 to 8 digits")
        }
        return digits + Array(repeating: 0xFF, count: 8 - digits.count)
    }

    private func expectSuccess(_ answer: ResponseAPDU, _ operation: String, subject: String) throws {
        switch answer.statusWord {
        case .success: return
        case .referencedDataNotFound: throw CardEdgeError.notEnrolled(subject)
        default: throw CardEdgeError.from(answer.statusWord, operation: operation)
        }
    }
}

/// One entry of `DF32`: a reference, its tries left and its maximum.
public struct RetryCounter: Hashable, Sendable {
    /// The reference data qualifier (`81`, `92`, …).
    public var reference: UInt8
    /// Tries left.
    public var remaining: Int
    /// Tries after a reset of the counter.
    public var maximum: Int

    /// A counter from its parts.
    public init(reference: UInt8, remaining: Int, maximum: Int) {
        self.reference = reference
        self.remaining = remaining
        self.maximum = maximum
    }
}

import Foundation

/// What the `pb-iso` match-on-card applet keeps across restarts: the PINs with their counters and
/// the ten finger slots (reference minutiae and counter).
struct ISOMatchOnCardState: Codable, Equatable {
    /// A PIN-like secret and its retry counter.
    struct Credential: Codable, Equatable {
        /// 8 bytes: ASCII digits padded with `FF`.
        var value: [UInt8]
        var remaining: UInt8
        var maximum: UInt8
    }

    /// An enrolled finger: compact-card minutiae (never sent back) and its counter.
    struct Slot: Codable, Equatable {
        var reference: [UInt8]
        var remaining: UInt8
    }

    var userPIN: Credential
    var puk: Credential
    var adminPIN: Credential
    /// Slot n−1 holds ISO finger position n (reference `90 + n`).
    var fingers: [Slot?]

    init(parameters: ISOMatchOnCardApplet.Parameters) {
        func credential(_ digits: String, _ tries: UInt8) -> Credential {
            let bytes = Array(digits.utf8)
            return Credential(value: bytes + Array(repeating: 0xFF, count: 8 - bytes.count), remaining: tries, maximum: tries)
        }
        userPIN = credential(parameters.initialUserPIN, parameters.userPINTries)
        puk = credential(parameters.initialPUK, parameters.pukTries)
        adminPIN = credential(parameters.initialAdminPIN, parameters.adminPINTries)
        fingers = Array(repeating: nil, count: 10)
    }

    init(bytes: [UInt8], parameters: ISOMatchOnCardApplet.Parameters) throws {
        self = try JSONDecoder().decode(Self.self, from: Data(bytes))
        guard fingers.count == 10 else { throw StoredStateProblem("\(fingers.count) finger slots instead of 10") }
        for credential in [userPIN, puk, adminPIN] where credential.value.count != 8 || credential.remaining > credential.maximum {
            throw StoredStateProblem("a PIN that is not 8 bytes, or a counter above its maximum")
        }
        for case let slot? in fingers where slot.remaining > parameters.fingerTries
            || !CompactMinutiaeCheck.isValid(slot.reference, count: parameters.referenceMinutiae) {
            throw StoredStateProblem("a finger slot with an invalid reference or counter")
        }
    }

    var bytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return Array((try? encoder.encode(self)) ?? Data())
    }
}

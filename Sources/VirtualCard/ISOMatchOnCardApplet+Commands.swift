import APDU

/// VERIFY, CHANGE REFERENCE DATA, RESET RETRY COUNTER and PUT DATA of the `pb-iso` applet.
extension ISOMatchOnCardApplet {
    private static let userPIN: UInt8 = 0x81, puk: UInt8 = 0x82, adminPIN: UInt8 = 0x83
    private static let fingerReferences: ClosedRange<UInt8> = 0x91...0x9A

    /// VERIFY: P1 `00` verifies (or, without data, reports) a PIN or finger; P1 `FF` resets its
    /// security status (ISO/IEC 7816-4:2013).
    func verify(_ command: CommandAPDU) -> ResponseAPDU {
        let reference = command.p2
        guard Self.fingerReferences.contains(reference) || (Self.userPIN...Self.adminPIN).contains(reference) else {
            return ResponseAPDU(statusWord: .referencedDataNotFound)
        }
        switch command.p1 {
        case 0xFF:
            verified.remove(reference)
            return ResponseAPDU(statusWord: .success)
        case 0x00:
            return Self.fingerReferences.contains(reference) ? verifyFinger(reference, data: command.data)
                : verifyCredential(reference, data: command.data)
        default:
            return ResponseAPDU(statusWord: .incorrectP1P2)
        }
    }

    private func verifyFinger(_ reference: UInt8, data: [UInt8]) -> ResponseAPDU {
        let index = Int(reference - 0x91)
        guard let slot = state.fingers[index] else { return ResponseAPDU(statusWord: .referencedDataNotFound) }
        if data.isEmpty { return statusAnswer(reference, remaining: slot.remaining) }
        guard let probe = Self.minutiae(in: data), CompactMinutiaeCheck.isUsable(probe, count: parameters.probeMinutiae) else {
            return ResponseAPDU(statusWord: .incorrectDataParameters)
        }
        guard slot.remaining > 0 else { return ResponseAPDU(statusWord: .authenticationMethodBlocked) }
        if comparison.isMatch(probe: probe, reference: slot.reference) {
            state.fingers[index]?.remaining = parameters.fingerTries
            verified.insert(reference)
            return ResponseAPDU(statusWord: .success)
        }
        let remaining = slot.remaining - 1
        state.fingers[index]?.remaining = remaining
        verified.remove(reference)
        return ResponseAPDU.triesLeft(remaining)
    }

    private func verifyCredential(_ reference: UInt8, data: [UInt8]) -> ResponseAPDU {
        let credential = self.credential(reference)
        if data.isEmpty { return statusAnswer(reference, remaining: credential.remaining) }
        guard data.count == 8 else { return ResponseAPDU(statusWord: .wrongLength) }
        guard credential.remaining > 0 else { return ResponseAPDU(statusWord: .authenticationMethodBlocked) }
        if constantTimeEquals(data, credential.value) {
            updateCredential(reference) { $0.remaining = $0.maximum }
            verified.insert(reference)
            return ResponseAPDU(statusWord: .success)
        }
        updateCredential(reference) { $0.remaining -= 1 }
        verified.remove(reference)
        return ResponseAPDU.triesLeft(credential.remaining - 1)
    }

    private func statusAnswer(_ reference: UInt8, remaining: UInt8) -> ResponseAPDU {
        if verified.contains(reference) { return ResponseAPDU(statusWord: .success) }
        if remaining == 0 { return ResponseAPDU(statusWord: .authenticationMethodBlocked) }
        return ResponseAPDU.triesLeft(remaining)
    }

    /// CHANGE REFERENCE DATA: P1 `01` enrols a finger slot (admin PIN verified); P1 `00` P2 `81`
    /// changes the user PIN (old and new PIN blocks).
    func changeReferenceData(_ command: CommandAPDU) -> ResponseAPDU {
        let reference = command.p2
        if command.p1 == 0x00 && reference == Self.userPIN {
            guard command.data.count == 16 else { return ResponseAPDU(statusWord: .wrongLength) }
            let new = Array(command.data[8...])
            guard Self.isPINBlock(new) else { return ResponseAPDU(statusWord: .incorrectDataParameters) }
            let answer = verifyCredential(Self.userPIN, data: Array(command.data[..<8]))
            if answer.statusWord == .success { updateCredential(Self.userPIN) { $0.value = new } }
            return answer
        }
        guard command.p1 == 0x01, Self.fingerReferences.contains(reference) else { return ResponseAPDU(statusWord: .incorrectP1P2) }
        guard verified.contains(Self.adminPIN) else { return ResponseAPDU(statusWord: .securityStatusNotSatisfied) }
        guard let minutiae = Self.minutiae(in: command.data),
              CompactMinutiaeCheck.isUsable(minutiae, count: parameters.referenceMinutiae) else {
            return ResponseAPDU(statusWord: .incorrectDataParameters)
        }
        state.fingers[Int(reference - 0x91)] = .init(reference: minutiae, remaining: parameters.fingerTries)
        verified.remove(reference)
        return ResponseAPDU(statusWord: .success)
    }

    /// RESET RETRY COUNTER: P1 `03` after the PUK or admin PIN was verified; P1 `01` with the PUK
    /// as data. Restores the user PIN's or a finger slot's counter.
    func resetRetryCounter(_ command: CommandAPDU) -> ResponseAPDU {
        let reference = command.p2
        guard reference == Self.userPIN || Self.fingerReferences.contains(reference) else {
            return ResponseAPDU(statusWord: .referencedDataNotFound)
        }
        if reference != Self.userPIN, state.fingers[Int(reference - 0x91)] == nil {
            return ResponseAPDU(statusWord: .referencedDataNotFound)
        }
        switch command.p1 {
        case 0x03:
            guard command.data.isEmpty else { return ResponseAPDU(statusWord: .wrongLength) }
            guard verified.contains(Self.puk) || verified.contains(Self.adminPIN) else {
                return ResponseAPDU(statusWord: .securityStatusNotSatisfied)
            }
        case 0x01:
            let answer = verifyCredential(Self.puk, data: command.data)
            guard answer.statusWord == .success else { return answer }
        default:
            return ResponseAPDU(statusWord: .incorrectP1P2)
        }
        if reference == Self.userPIN {
            updateCredential(Self.userPIN) { $0.remaining = $0.maximum }
        } else {
            state.fingers[Int(reference - 0x91)]?.remaining = parameters.fingerTries
        }
        return ResponseAPDU(statusWord: .success)
    }

    /// PUT DATA `3FFF` with `7F60 { 83 ref } 7F2E {}`: deletes a finger slot (admin PIN verified).
    func putData(_ command: CommandAPDU) -> ResponseAPDU {
        guard command.p1 == 0x3F, command.p2 == 0xFF else { return ResponseAPDU(statusWord: .incorrectP1P2) }
        guard verified.contains(Self.adminPIN) else { return ResponseAPDU(statusWord: .securityStatusNotSatisfied) }
        guard let objects = try? BERTLV.decode(command.data), objects.count == 2,
              objects[0].tag == 0x7F60, let reference = objects[0].first(0x83)?.value, reference.count == 1,
              Self.fingerReferences.contains(reference[0]), objects[1].tag == 0x7F2E, objects[1].value.isEmpty else {
            return ResponseAPDU(statusWord: .incorrectDataParameters)
        }
        let index = Int(reference[0] - 0x91)
        guard state.fingers[index] != nil else { return ResponseAPDU(statusWord: .referencedDataNotFound) }
        state.fingers[index] = nil
        verified.remove(reference[0])
        return ResponseAPDU(statusWord: .success)
    }

    // MARK: - Helpers

    private func credential(_ reference: UInt8) -> ISOMatchOnCardState.Credential {
        switch reference {
        case Self.userPIN: state.userPIN
        case Self.puk: state.puk
        default: state.adminPIN
        }
    }

    private func updateCredential(_ reference: UInt8, _ change: (inout ISOMatchOnCardState.Credential) -> Void) {
        switch reference {
        case Self.userPIN: change(&state.userPIN)
        case Self.puk: change(&state.puk)
        default: change(&state.adminPIN)
        }
    }

    /// The minutiae in `7F2E { 81 minutiae }`, or nil for anything else.
    private static func minutiae(in data: [UInt8]) -> [UInt8]? {
        guard let template = try? BERTLV(bytes: data), template.tag == 0x7F2E,
              let plain = template.first(0x81) else { return nil }
        return plain.value
    }

    /// 4 to 8 ASCII digits padded with `FF` to 8 bytes.
    private static func isPINBlock(_ bytes: [UInt8]) -> Bool {
        let digits = bytes.prefix { $0 != 0xFF }
        return bytes.count == 8 && (4...8).contains(digits.count) && digits.allSatisfy { (0x30...0x39).contains($0) }
            && bytes[digits.count...].allSatisfy { $0 == 0xFF }
    }
}

import APDU

/// Finger containers: ENROLL, VERIFY, GET BIO HEADER, DELETE, UNBLOCK, RESET STATUS.
extension BioManagerApplet {
    /// ENROLL: `00` the host's BHT (must declare ISO compact card, and the container's finger if
    /// it names one), `01` reference parts, `02` FINAL stores header and reference, with the
    /// counter at its maximum. A reference outside the card's count range, or denser than fingers
    /// allow (``CompactMinutiaeCheck/isUsable(_:count:)``), answers `6984`.
    func enroll(_ command: CommandAPDU) -> ResponseAPDU {
        let container = command.p1
        switch command.p2 {
        case 0x00:
            guard stored.lifeCycle != LifeCycle.virgin, stored.lifeCycle != LifeCycle.locked else {
                return ResponseAPDU(statusWord: .conditionsOfUseNotSatisfied)
            }
            guard isManagementAuthorized else { return ResponseAPDU(statusWord: .securityStatusNotSatisfied) }
            if let problem = checkDeclaredHeader(command.data, container: container) { return ResponseAPDU(statusWord: problem) }
            transfer = (command.ins, container, command.data, [])
            return ResponseAPDU(statusWord: .success)
        case 0x01:
            return append(command, limit: parameters.referenceMinutiae.upperBound * 3)
        case 0x02:
            guard let started = transfer, started.container == container, command.data.isEmpty else {
                return abandon(command.data.isEmpty ? .conditionsOfUseNotSatisfied : .wrongLength)
            }
            transfer = nil
            guard isManagementAuthorized else { return ResponseAPDU(statusWord: .securityStatusNotSatisfied) }
            guard CompactMinutiaeCheck.isUsable(started.data, count: parameters.referenceMinutiae) else {
                return ResponseAPDU(statusWord: .referenceDataNotUsable)
            }
            stored.containers[Int(container)] = .init(header: header(container: container), reference: started.data,
                                                      retries: parameters.fingerTries)
            security.verifiedContainers.remove(container)
            return ResponseAPDU(statusWord: .success)
        default:
            return ResponseAPDU(statusWord: .incorrectP1P2)
        }
    }

    /// VERIFY: `00` first probe part, `01` more, `02` FINAL compares on card. Match: `9000`, the
    /// container verified and its counter restored. No match: the counter drops (and is saved
    /// before the answer leaves) and the answer is `63CX`. Blocked: `6983`, nothing compared.
    /// A probe outside the card's count range, or denser than fingers allow, answers `6984` and
    /// costs nothing.
    func verify(_ command: CommandAPDU) -> ResponseAPDU {
        let container = command.p1
        switch command.p2 {
        case 0x00:
            guard stored.lifeCycle == LifeCycle.operational else { return ResponseAPDU(statusWord: .conditionsOfUseNotSatisfied) }
            let slot = stored.containers[Int(container)]
            guard slot.isEnrolled else { return ResponseAPDU(statusWord: .fileNotFound) }
            guard slot.retries > 0 else { return ResponseAPDU(statusWord: .authenticationMethodBlocked) }
            transfer = (command.ins, container, [], [])
            return append(command, limit: parameters.probeMinutiae.upperBound * 3)
        case 0x01:
            return append(command, limit: parameters.probeMinutiae.upperBound * 3)
        case 0x02:
            guard let started = transfer, started.container == container, command.data.isEmpty else {
                return abandon(command.data.isEmpty ? .conditionsOfUseNotSatisfied : .wrongLength)
            }
            transfer = nil
            return compare(started.data, container: container)
        default:
            return ResponseAPDU(statusWord: .incorrectP1P2)
        }
    }

    private func compare(_ probe: [UInt8], container: UInt8) -> ResponseAPDU {
        let index = Int(container)
        guard let reference = stored.containers[index].reference else { return ResponseAPDU(statusWord: .fileNotFound) }
        guard stored.containers[index].retries > 0 else { return ResponseAPDU(statusWord: .authenticationMethodBlocked) }
        guard CompactMinutiaeCheck.isUsable(probe, count: parameters.probeMinutiae) else {
            return ResponseAPDU(statusWord: .referenceDataNotUsable)
        }
        if comparison.isMatch(probe: probe, reference: reference) {
            stored.containers[index].retries = parameters.fingerTries
            security.verifiedContainers.insert(container)
            return ResponseAPDU(statusWord: .success)
        }
        stored.containers[index].retries -= 1
        security.verifiedContainers.remove(container)
        return ResponseAPDU.triesLeft(stored.containers[index].retries)
    }

    /// GET BIO HEADER: the card's BHT for the container's reference, with the probe limits.
    func bioHeader(container: UInt8) -> ResponseAPDU {
        guard let header = stored.containers[Int(container)].header else { return ResponseAPDU(statusWord: .fileNotFound) }
        return ResponseAPDU(data: header, statusWord: .success)
    }

    /// DELETE: empties the container (management key).
    func delete(container: UInt8) -> ResponseAPDU {
        if let refusal = refuseManagement(container: container) { return refusal }
        stored.containers[Int(container)] = .init(header: nil, reference: nil, retries: parameters.fingerTries)
        security.verifiedContainers.remove(container)
        return ResponseAPDU(statusWord: .success)
    }

    /// UNBLOCK: restores the container's counter (management key).
    func unblock(container: UInt8) -> ResponseAPDU {
        if let refusal = refuseManagement(container: container) { return refusal }
        stored.containers[Int(container)].retries = parameters.fingerTries
        return ResponseAPDU(statusWord: .success)
    }

    /// RESET STATUS: the container is no longer verified.
    func resetStatus(container: UInt8) -> ResponseAPDU {
        security.verifiedContainers.remove(container)
        return ResponseAPDU(statusWord: .success)
    }

    // MARK: - Helpers

    private func refuseManagement(container: UInt8) -> ResponseAPDU? {
        guard stored.lifeCycle != LifeCycle.virgin, stored.lifeCycle != LifeCycle.locked else {
            return ResponseAPDU(statusWord: .conditionsOfUseNotSatisfied)
        }
        guard isManagementAuthorized else { return ResponseAPDU(statusWord: .securityStatusNotSatisfied) }
        guard stored.containers[Int(container)].isEnrolled else { return ResponseAPDU(statusWord: .fileNotFound) }
        return nil
    }

    private func append(_ command: CommandAPDU, limit: Int) -> ResponseAPDU {
        guard var started = transfer, started.container == command.p1 else { return abandon(.conditionsOfUseNotSatisfied) }
        started.data += command.data
        guard started.data.count <= limit else { return abandon(.wrongLength) }
        transfer = started
        return ResponseAPDU(statusWord: .success)
    }

    private func abandon(_ status: StatusWord) -> ResponseAPDU {
        transfer = nil
        return ResponseAPDU(statusWord: status)
    }

    /// The problem with a host's ENROLL header, or nil: it must be a BHT declaring ISO 19794-2
    /// compact card (`87 0101`, `88 0006`) and, when it names a finger (`82`), this container's.
    private func checkDeclaredHeader(_ data: [UInt8], container: UInt8) -> StatusWord? {
        guard let header = try? BERTLV(bytes: data), header.tag == 0xA1 else { return .referenceDataNotUsable }
        guard header.first(0x87)?.value == [0x01, 0x01], header.first(0x88)?.value == [0x00, 0x06] else {
            return .referenceDataNotUsable
        }
        if let subtype = header.first(0x82)?.value, subtype != [Self.subtype(container: container)] {
            return .fileNotFound
        }
        return nil
    }

    /// The card's BHT for a container: finger, ISO compact card, and the probe parameters.
    func header(container: UInt8) -> [UInt8] {
        let limits = parameters.probeMinutiae
        return BERTLV(0xA1) {
            BERTLV(0x81, [0x08])
            BERTLV(0x82, [Self.subtype(container: container)])
            BERTLV(0x87, [0x01, 0x01])
            BERTLV(0x88, [0x00, 0x06])
            BERTLV(0xB1) {
                BERTLV(0x81, [UInt8(limits.lowerBound), UInt8(limits.upperBound)])
                BERTLV(0x82, [parameters.minutiaOrder])
                BERTLV(0x83, [0x00])
            }
        }.encoded
    }
}

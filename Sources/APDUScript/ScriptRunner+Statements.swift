import APDU

/// Statements other than commands: blocks, resets, ATR checks, variables, pauses, switches.
extension ScriptRunner {
    func execute(_ statements: [Statement], state: inout ScriptState) throws(StepStop) {
        for statement in statements {
            try execute(statement, state: &state)
        }
    }

    private func execute(_ statement: Statement, state: inout ScriptState) throws(StepStop) {
        let location = statement.location
        switch statement.kind {
        case .command(let step):
            try runCommand(step, at: location, state: &state)
        case .test(_, let body), .include(_, let body):
            try execute(body, state: &state)
        case .repeatBlock(let count, let body):
            for _ in 0..<count { try execute(body, state: &state) }
        case .reset(let cold):
            try reset(cold: cold, at: location, state: state)
        case .atr(let expectation):
            try checkATR(expectation, at: location, state: state)
        case .assign(let name, let value):
            state.variables.set(name, try resolve(value, state: state))
        case .sleep(let duration):
            appendTrace(TraceLine(kind: .sleep, text: "sleep \(formatMilliseconds((duration / .milliseconds(1)))) ms"))
            clock.sleep(for: duration)
        case .option(let option, let enabled):
            state.apply(option, enabled: enabled)
        case .reader(let name):
            selectReader(name, state: &state)
        case .channel(let number):
            state.channelNumber = number
        }
    }

    private func selectReader(_ name: String, state: inout ScriptState) {
        switch settings.fixedReader {
        case .named(let fixed):
            appendTrace(TraceLine(kind: .note, text: "reader \"\(name)\" ignored: the command line chose \"\(fixed)\""))
        case .emulated:
            appendTrace(TraceLine(kind: .note, text: "reader \"\(name)\" ignored: running on the in-process virtual card"))
        case nil:
            state.reader = name
        }
    }

    /// The transport to the reader the script wants, connecting (or switching) when needed.
    func connection(at location: SourceLocation, state: ScriptState) throws(StepStop) -> CardTransport {
        let wanted: String?
        switch settings.fixedReader {
        case .named(let name): wanted = name
        case .emulated: wanted = nil
        case nil: wanted = state.reader
        }
        if let transport, connectedReader == wanted { return transport }
        let channel: any CardChannel
        do {
            channel = try connector.channel(reader: wanted)
        } catch {
            let reader = wanted.map { "reader \"\($0)\"" } ?? "the card"
            throw .transport(TestFailure(location: location, message: "cannot connect to \(reader): \(describe(error))"))
        }
        let fresh = CardTransport(channel: channel, rules: state.rules, recordsTrace: false)
        fresh.traceObserver = { [unowned self] entry in self.appendTrace(TraceLine(entry)) }
        transport = fresh
        connectedReader = wanted
        lastATR = nil
        return fresh
    }

    private func reset(cold: Bool, at location: SourceLocation, state: ScriptState) throws(StepStop) {
        let channel = try resettableChannel(at: location, state: state, for: "reset the card")
        appendTrace(TraceLine(kind: .reset, text: cold ? "reset (cold)" : "reset (warm)"))
        do {
            lastATR = try channel.reset(cold: cold)
        } catch {
            throw .transport(TestFailure(location: location, message: "reset failed: \(describe(error))"))
        }
        appendTrace(TraceLine(kind: .atr, text: "ATR \(lastATR?.hexString() ?? "")"))
    }

    private func checkATR(_ expectation: ATRExpectation, at location: SourceLocation, state: ScriptState) throws(StepStop) {
        let atr: [UInt8]
        if let lastATR {
            atr = lastATR
        } else {
            let channel = try resettableChannel(at: location, state: state, for: "report the ATR")
            do {
                atr = try channel.answerToReset()
            } catch {
                throw .transport(TestFailure(location: location, message: "cannot read the ATR: \(describe(error))"))
            }
            lastATR = atr
            appendTrace(TraceLine(kind: .atr, text: "ATR \(atr.hexString())"))
        }
        let failure: TestFailure?
        do {
            failure = try ExpectationCheck.mismatch(of: expectation.pattern, with: atr, what: "ATR", at: location,
                                                    mask: expectation.mask, variables: state.variables)
        } catch {
            throw error.isScriptError ? .scriptError(error.failure) : .failed([error.failure])
        }
        if let failure { throw .failed([failure]) }
    }

    private func resettableChannel(at location: SourceLocation, state: ScriptState,
                                   for purpose: String) throws(StepStop) -> any ResettableCardChannel {
        let transport = try connection(at: location, state: state)
        guard let channel = transport.channel as? any ResettableCardChannel else {
            throw .scriptError(TestFailure(location: location, message: "this card connection cannot \(purpose)"))
        }
        return channel
    }

    func resolve(_ expression: ByteExpression, state: ScriptState) throws(StepStop) -> ScriptVariables.Value {
        do {
            return try state.variables.resolve(expression)
        } catch {
            throw error.isScriptError ? .scriptError(error.failure) : .failed([error.failure])
        }
    }

    /// How the connector words an error from its channel.
    func describe(_ error: any Error) -> String {
        connector.describe(error)
    }
}

extension CardConnector {
    public func describe(_ error: any Error) -> String { String(describing: error) }
}

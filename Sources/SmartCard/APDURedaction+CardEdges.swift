import APDU

extension APDURedaction {
    /// Hides what card-edge traces must not show: PINs and templates (VERIFY, CHANGE REFERENCE
    /// DATA, RESET RETRY COUNTER), BioManager keys and templates (ENROLL, VERIFY, CHANGE KEY,
    /// VERIFY KEY), the start key LEAVE VIRGIN returns, and IDStore data (WRITE, READ).
    public static let cardEdgeSecrets = APDURedaction(
        hidesCommandData: { command in
            APDURedaction.referenceData.hidesCommandData(command)
                || command.cla == BioManager.cla && [0x30, 0x32, 0x44, 0x46, 0x52].contains(command.ins)
        },
        hidesResponseData: { command in
            command.cla == BioManager.cla && [0x48, 0x54].contains(command.ins)
        })
}

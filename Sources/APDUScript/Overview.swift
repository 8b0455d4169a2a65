// APDUScript: the APDU script grammar, its runner over any CardChannel, and its reports.

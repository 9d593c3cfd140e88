-- numbers: money as the scripts count it.

local MAX_AMOUNT = 9007199254740991

-- An integer below 2^53 as a decimal string: exact, no exponent (never tostring: SPEC, money).
local function int(value) return string.format('%.0f', value) end

-- Used by tests/all/nvim.rs: `nvim --headless -u editors/nvim/ci.lua FILE.game` with
-- TABULA_CMD (the tabula executable) and TABULA_OUT (where to write) in the environment.
-- Waits for the server's diagnostics on FILE, writes one line `CODE LINE` per diagnostic
-- (LINE 1-based), or `timeout`, and quits.
local here = debug.getinfo(1, "S").source:sub(2):match("(.*/)") or "./"
dofile(here .. "tabula.lua").setup({ cmd = { os.getenv("TABULA_CMD") or "tabula", "lsp" } })

vim.api.nvim_create_autocmd("VimEnter", {
  callback = function()
    local out = assert(io.open(assert(os.getenv("TABULA_OUT"), "TABULA_OUT is not set"), "w"))
    local found = vim.wait(30000, function()
      return #vim.diagnostic.get(0) > 0
    end, 50)
    if not found then
      out:write("timeout (filetype " .. vim.bo.filetype .. ")\n")
    end
    for _, d in ipairs(vim.diagnostic.get(0)) do
      local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or "?"
      out:write(string.format("%s %d\n", code, d.lnum + 1))
    end
    out:close()
    vim.cmd("qall!")
  end,
})
